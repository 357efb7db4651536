import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, articleFields } from './admin-client.js';
import { startContent, type ContentHarness } from './content-harness.js';

describe('preview links of draft and scheduled articles', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let draft: { id: number; slug: string };

  beforeAll(async () => {
    api = await startContent();
    admin = adminClient(api);
    draft = (await admin.createArticle(articleFields({ title: '預覽中的草稿', status: 'draft', tags: '["預覽"]' }))).body;
  });
  afterAll(() => api.close());

  const open = (path: string) => api.get(`/api${path}`);

  it('makes an unguessable link, kept only as a hash, that opens the draft for anyone, never cached nor indexed', async () => {
    const made = await admin.json('POST', `/api/articles/admin/${draft.id}/preview-links`, {});
    expect(made.status).toBe(201);
    expect(made.body.path).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(made.body.state).toBe('active');
    expect(Date.parse(made.body.expires_at) - Date.parse(made.body.created_at)).toBe(7 * 86_400_000);
    const token = made.body.path.split('/').pop();
    const stored = await api.db('article_preview_links').where({ id: made.body.id }).first();
    expect(stored.token_hash).toHaveLength(32);
    expect(JSON.stringify(stored)).not.toContain(token);

    const seen = await open(made.body.path);
    expect(seen.status).toBe(200);
    expect(seen.body.state).toBe('preview');
    expect(seen.body.article.title).toBe('預覽中的草稿');
    expect(seen.body.article.status).toBe('draft');
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
    expect(seen.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(seen.headers.get('x-cache-deps')).toBeNull();
    // Nothing public learns of the draft.
    expect((await api.get(`/api/articles/${draft.slug}`)).status).toBe(404);
    expect((await api.get('/api/tags/預覽')).status).toBe(404);
  });

  it('follows later edits', async () => {
    const made = await admin.json('POST', `/api/articles/admin/${draft.id}/preview-links`, { days: 1 });
    await admin.updateArticle(draft.id, articleFields({ title: '預覽中的草稿（第二版）', status: 'draft' }));
    expect((await open(made.body.path)).body.article.title).toBe('預覽中的草稿（第二版）');
  });

  it('stops when revoked or expired, with one message; lists every link of the article with its state', async () => {
    const revoked = await admin.json('POST', `/api/articles/admin/${draft.id}/preview-links`, { days: 3 });
    const removed = await admin.json('DELETE', `/api/articles/admin/${draft.id}/preview-links/${revoked.body.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.state).toBe('revoked');
    const gone = await open(revoked.body.path);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('預覽連結已失效');
    expect(gone.headers.get('cache-control')).toBe('private, no-store');

    const expiring = await admin.json('POST', `/api/articles/admin/${draft.id}/preview-links`, { days: 1 });
    api.setNow(new Date(Date.now() + 86_400_000 + 1000));
    try {
      expect((await open(expiring.body.path)).status).toBe(404);
      const { body } = await admin.json('GET', `/api/articles/admin/${draft.id}/preview-links`);
      const states = Object.fromEntries(body.links.map((link: { id: number; state: string }) => [link.id, link.state]));
      expect(states[revoked.body.id]).toBe('revoked');
      expect(states[expiring.body.id]).toBe('expired');
    } finally {
      api.setNow(undefined as unknown as Date);
    }
    const logged = (await api.db('audit_events').where('subject_id', draft.id).where('action', 'like', 'article.preview_link%').orderBy('id').select('action')).map((row: { action: string }) => row.action);
    expect(logged.filter((action: string) => action === 'article.preview_link_revoke')).toHaveLength(1);
    expect(logged.filter((action: string) => action === 'article.preview_link_create').length).toBeGreaterThanOrEqual(3);
    expect((await open('/preview/not-a-token')).status).toBe(404);
    expect((await open(`/preview/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('refuses a link for a published article and bounds the days', async () => {
    const published = (await admin.createArticle(articleFields({ title: '已公開' }))).body;
    const refused = await admin.json('POST', `/api/articles/admin/${published.id}/preview-links`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('只有草稿或排程中的文章可以建立預覽連結');
    for (const days of [0, 31, 'x']) expect((await admin.json('POST', `/api/articles/admin/${draft.id}/preview-links`, { days })).status).toBe(400);
    expect((await api.get(`/api/articles/admin/${draft.id}/preview-links`)).status).toBe(401);
  });

  it('sends a link of an article published since to its public page', async () => {
    const scheduled = (await admin.createArticle(articleFields({ title: '排程文章', status: 'scheduled', published_at: new Date(Date.now() + 3_600_000).toISOString() }))).body;
    const made = await admin.json('POST', `/api/articles/admin/${scheduled.id}/preview-links`, {});
    expect(made.status).toBe(201);
    expect((await open(made.body.path)).body.state).toBe('preview');
    await admin.updateArticle(scheduled.id, articleFields({ title: '排程文章', status: 'published', published_at: new Date(Date.now() - 1000).toISOString() }));
    expect((await open(made.body.path)).body).toEqual({ state: 'published', slug: scheduled.slug });
  });
});
