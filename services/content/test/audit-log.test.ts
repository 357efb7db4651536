import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@coinmag/contracts';
import { startAuthTestApp, freshIp, login, type AuthTestApp } from '../../auth/test/auth-test-app.js';
import { adminClient, articleFields } from './admin-client.js';
import { startContent, type ContentHarness } from './content-harness.js';

const DEFAULT_PASSWORD = 'admin12345';

describe('audit log: every action recorded, merged with the sign-in log, filtered and paginated', () => {
  let auth: AuthTestApp;
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let token: string;
  const ip = freshIp();

  const log = async (query = '') => {
    const res = await admin.json('GET', `/api/admin/audit${query}`);
    expect(res.status).toBe(200);
    return res.body as { events: AuditEvent[]; pagination: { total: number; pages: number }; partial: boolean };
  };

  beforeAll(async () => {
    auth = await startAuthTestApp();
    api = await startContent({ publicKey: auth.keys.publicKey, authUrl: auth.url });
    expect((await login(auth.url, 'admin', 'wrong-password', ip)).status).toBe(401);
    const res = await login(auth.url, 'admin', DEFAULT_PASSWORD, ip);
    token = ((await res.json()) as { token: string }).token;
    admin = adminClient(api, token);
  });
  afterAll(async () => {
    await api.close();
    await auth.close();
  });

  it('records sign-in (both outcomes), article, category and settings actions, and scheduled publishing by the system', async () => {
    const { body: category } = await admin.json('POST', '/api/categories/admin', { name: '紀錄分類' });
    await admin.json('PUT', `/api/categories/admin/${category.id}`, { ...category, name: '紀錄分類二' });
    const { body: draft } = await admin.createArticle(articleFields({ title: '紀錄文章', status: 'draft' }));
    await admin.updateArticle(draft.id, articleFields({ title: '紀錄文章', status: 'published', version: '1' }));
    const future = new Date(Date.now() + 3_600_000);
    const { body: scheduled } = await admin.createArticle(articleFields({ title: '排程文章', status: 'scheduled', published_at: future.toISOString() }));
    api.setNow(new Date(future.getTime() + 1000));
    expect((await api.content.scheduler.tick()).map((a) => a.id)).toEqual([scheduled.id]);
    api.setNow(new Date());
    await admin.deleteArticle(draft.id);
    await admin.json('DELETE', `/api/categories/admin/${category.id}`);
    await admin.json('PUT', '/api/settings/admin', { site_title: '新標題' });

    const { events, partial } = await log('?limit=50');
    expect(partial).toBe(false);
    expect(events.map((e) => e.action)).toEqual([
      'settings.update',
      'category.delete',
      'article.delete',
      'article.scheduled_publish',
      'article.create',
      'article.publish',
      'article.update',
      'article.create',
      'category.update',
      'category.create',
      'auth.login',
      'auth.login_failed',
    ]);
    const byAction = new Map(events.map((e) => [e.action, e]));
    expect(byAction.get('article.scheduled_publish')).toMatchObject({ actor: 'system', subject_id: scheduled.id, summary: '排程文章', ip: null });
    expect(byAction.get('article.delete')).toMatchObject({ actor: 'admin', subject_id: draft.id, summary: '紀錄文章' });
    expect(byAction.get('article.delete')!.ip).toMatch(/127\.0\.0\.1/);
    expect(byAction.get('settings.update')!.summary).toBe('網站標題');
    expect(byAction.get('auth.login')).toMatchObject({ actor: 'admin', ip });
    expect(byAction.get('auth.login_failed')).toMatchObject({ actor: 'admin', ip });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('records a password change, and the new token reads the log', async () => {
    const res = await fetch(`${auth.url}/api/admin/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ currentPassword: DEFAULT_PASSWORD, newPassword: 'a-new-password-2026' }),
    });
    expect(res.status).toBe(200);
    token = ((await res.json()) as { token: string }).token;
    admin = adminClient(api, token);
    expect((await log('?kind=auth')).events[0]).toMatchObject({ action: 'auth.password_change', actor: 'admin', ip });
  });

  it('filters by kind and by Taipei date', async () => {
    const articles = await log('?kind=article&limit=50');
    expect(articles.events.length).toBeGreaterThan(0);
    expect(articles.events.every((e) => e.action.startsWith('article.'))).toBe(true);
    const signIns = await log('?kind=auth');
    expect(signIns.events.map((e) => e.action)).toEqual(['auth.password_change', 'auth.login', 'auth.login_failed']);
    const taipeiToday = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
    expect((await log(`?from=${taipeiToday}&to=${taipeiToday}`)).pagination.total).toBe(13);
    expect((await log(`?from=${tomorrow}`)).pagination.total).toBe(0);
    expect((await admin.json('GET', '/api/admin/audit?kind=nope')).status).toBe(400);
    expect((await admin.json('GET', '/api/admin/audit?from=2026-13')).status).toBe(400);
    expect((await admin.json('GET', '/api/admin/audit?page=500&limit=50')).status).toBe(400);
  });

  it('pages through the merged log without gaps or repeats', async () => {
    const all = await log('?limit=50');
    expect(all.pagination.total).toBe(13);
    const paged: AuditEvent[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const { events, pagination } = await log(`?limit=4&page=${page}`);
      expect(pagination).toMatchObject({ total: 13, pages: 4 });
      paged.push(...events);
    }
    expect(paged).toEqual(all.events);
    expect((await log('?limit=4&page=5')).events).toEqual([]);
  });

  it('is append-only: the database refuses to change an entry', async () => {
    await expect(api.db('audit_events').update({ summary: 'changed' })).rejects.toThrow(/append-only/);
    await expect(auth.db('audit_events').update({ summary: 'changed' })).rejects.toThrow(/append-only/);
  });

  it('drops entries past the retention time and keeps the rest', async () => {
    await api.db('audit_events').insert({ action: 'article.update', actor: 'admin', summary: '很久以前', at: new Date(Date.now() - 400 * 86_400_000) });
    expect(await api.content.audit.prune(new Date(Date.now() - 365 * 86_400_000))).toBe(1);
    expect((await log('?limit=50')).pagination.total).toBe(13);
  });

  it('shows the rest, marked partial, when the sign-in log cannot be read', async () => {
    const cut = await startContent({ publicKey: auth.keys.publicKey, authUrl: 'http://127.0.0.1:9' });
    try {
      await adminClient(cut, token).json('PUT', '/api/settings/admin', { site_title: '另一個' });
      const res = await adminClient(cut, token).json('GET', '/api/admin/audit');
      expect(res.body).toMatchObject({ partial: true, pagination: { total: 1 } });
      expect(res.body.events[0].action).toBe('settings.update');
    } finally {
      await cut.close();
    }
  });

  it('answers 401 without a token, and the auth endpoint refuses one that is not the admin\'s', async () => {
    expect((await api.get('/api/admin/audit')).status).toBe(401);
    expect((await fetch(`${auth.url}/internal/audit-events`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });
});
