import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@coinmag/service-kit/testing';
import { startStack, type RunningStack } from '../../scripts/stack/stack.js';

const root = resolve(import.meta.dirname, '../..');

describe('the admin API through the gateway, every service real', () => {
  let database: TestDatabase;
  let stack: RunningStack;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('cm_stack');
    dataDir = mkdtempSync(join(tmpdir(), 'coinmag-stack-'));
    stack = await startStack({
      root, databaseUrl: database.url, redisUrl: 'redis://127.0.0.1:6379', dataDir, gatewayPort: 8687, basePort: 4680,
      seedDemo: true, buildFrontends: false, quiet: true,
      extraEnv: { LOG_LEVEL: 'warn', REDIS_KEY_PREFIX: `cm-stack:${database.name}:`, FRONTENDS_SKIP: 'true' },
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, path: string, body?: unknown, auth = true) =>
    fetch(stack.url + path, {
      method,
      headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });

  it('serves 20 demo articles with pagination and a detail with toc and related articles', async () => {
    const list = await (await fetch(`${stack.url}/api/articles?page=1&limit=20`)).json();
    expect(list.articles).toHaveLength(20);
    expect(list.pagination).toMatchObject({ page: 1, limit: 20, total: expect.any(Number) });
    const detail = await (await fetch(`${stack.url}/api/articles/${list.articles[0].slug}`)).json();
    expect(detail.toc.length).toBeGreaterThan(0);
    expect(detail.relatedArticles.length).toBeGreaterThan(0);
  });

  it('logs in with the default account and refuses a wrong password', async () => {
    const wrong = await fetch(`${stack.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'nope' }) });
    expect(wrong.status).toBe(401);
    const res = await fetch(`${stack.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
    expect(res.status).toBe(200);
    token = (await res.json()).token;
    expect(token.split('.')).toHaveLength(3);
  });

  it('refuses admin calls without a token at the gateway', async () => {
    for (const path of ['/api/admin/stats', '/api/articles/admin/all', '/api/categories/admin/all', '/api/settings/admin']) {
      const res = await call('GET', path, undefined, false);
      expect(res.status).toBe(401);
    }
  });

  it('creates, edits and deletes a category and an article with the token', async () => {
    const createdCategory = await call('POST', '/api/categories/admin', { name: '整合測試分類', show_in_header: true });
    const category = await createdCategory.json();
    expect({ status: createdCategory.status, slug: category.slug, error: category.error }).toEqual({ status: 201, slug: '整合測試分類', error: undefined });
    const form = new FormData();
    for (const [name, value] of Object.entries({ title: '整合測試文章', content: '<h2>標題</h2><p>比特幣內文</p>', status: 'published', category_id: String(category.id), tags: '["測試"]', is_featured: 'false', is_popular: 'false', is_carousel: 'false' })) form.append(name, value);
    const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#f7931a' } }).jpeg().toBuffer();
    form.append('featured_image', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg');
    const created = await call('POST', '/api/articles/admin', form);
    expect(created.status).toBe(201);
    const article = await created.json();
    expect((await fetch(`${stack.url}/api/articles/${encodeURIComponent(article.slug)}`)).status).toBe(200);
    // The cover went through the media service: a site path whose WebP variant loads.
    expect(article.featured_image).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const variant = await fetch(stack.url + article.featured_image.replace(/\.jpg$/, '-w480.webp'));
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');

    const edit = new FormData();
    for (const [name, value] of Object.entries({ title: '整合測試文章（草稿）', content: '<p>改為草稿</p>', status: 'draft', category_id: String(category.id), keep_existing_featured_image: article.featured_image, is_featured: 'false', is_popular: 'false', is_carousel: 'false' })) edit.append(name, value);
    expect((await call('PUT', `/api/articles/admin/${article.id}`, edit)).status).toBe(200);
    expect((await fetch(`${stack.url}/api/articles/${encodeURIComponent(article.slug)}`)).status).toBe(404);

    expect((await call('PUT', `/api/categories/admin/${category.id}`, { ...category, name: '整合測試分類二' })).status).toBe(200);
    expect((await call('DELETE', `/api/categories/admin/${category.id}`)).status).toBe(409);
    expect((await call('DELETE', `/api/articles/admin/${article.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/categories/admin/${category.id}`)).status).toBe(200);
    const stats = await (await call('GET', '/api/admin/stats')).json();
    expect(stats.totalArticles).toBeGreaterThanOrEqual(40);
  });

  it('ends every token of a session at the sign-out, on the gateway and on each service, from the very next call', async () => {
    const signIn = await fetch(`${stack.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
    const first: string = (await signIn.json()).token;
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
    // Each token in use on the gateway and on the services first, so any confirmation they keep is warm.
    const contentUrl = `http://127.0.0.1:${4680 + 2}`;
    const mediaUrl = `http://127.0.0.1:${4680 + 3}`;
    const settingsWrite = (base: string, value: string) => fetch(`${base}/api/settings/admin`, { method: 'PUT', headers: { ...bearer(value), 'content-type': 'application/json' }, body: JSON.stringify({ site_description: '登出測試' }) });
    const upload = async (value: string) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await sharp({ create: { width: 24, height: 16, channels: 3, background: '#222222' } }).png().toBuffer())], { type: 'image/png' }), 'x.png');
      return fetch(`${mediaUrl}/api/uploads/image`, { method: 'POST', headers: bearer(value), body: form });
    };
    expect((await settingsWrite(stack.url, first)).status).toBe(200);
    expect((await settingsWrite(contentUrl, first)).status).toBe(200);
    expect((await upload(first)).status).toBe(201);

    const renewed = await fetch(`${stack.url}/api/admin/session`, { method: 'POST', headers: bearer(first) });
    expect(renewed.status).toBe(200);
    const second: string = (await renewed.json()).token;
    expect(second).not.toBe(first);
    expect((await settingsWrite(stack.url, second)).status).toBe(200);

    expect((await fetch(`${stack.url}/api/admin/logout`, { method: 'POST', headers: bearer(second) })).status).toBe(204);
    for (const value of [first, second]) {
      expect((await settingsWrite(stack.url, value)).status).toBe(401);
      expect((await fetch(`${stack.url}/api/settings/admin`, { headers: bearer(value) })).status).toBe(401);
      expect((await settingsWrite(contentUrl, value)).status).toBe(401);
      expect((await upload(value)).status).toBe(401);
    }
  });
});
