import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@coinmag/service-kit/testing';
import { startStack, type RunningStack } from '../../scripts/stack/stack.js';

const root = resolve(import.meta.dirname, '../..');

/**
 * Every page exactly as fresh as the API (docs/architecture.md, caching): after an admin write
 * answers, the very next request for a page or API answer it affects shows it. Each case warms the
 * pages first, so a stale cached copy (of the page or of what the renderer read) would be served.
 */
describe('pages after admin writes, every service real', () => {
  let database: TestDatabase;
  let stack: RunningStack;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('cm_fresh');
    dataDir = mkdtempSync(join(tmpdir(), 'coinmag-fresh-'));
    stack = await startStack({
      root, databaseUrl: database.url, redisUrl: 'redis://127.0.0.1:6379', dataDir, gatewayPort: 8697, basePort: 4694,
      seedDemo: true, buildFrontends: true, quiet: true,
      extraEnv: { LOG_LEVEL: 'warn', REDIS_KEY_PREFIX: `cm-fresh:${database.name}:` },
    });
    const login = await fetch(`${stack.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
    token = (await login.json()).token;
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(stack.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    expect(res.status, JSON.stringify(json)).toBeLessThan(300);
    return json;
  };
  const page = async (path: string) => {
    const res = await fetch(stack.url + encodeURI(path));
    return { status: res.status, html: await res.text() };
  };
  const api = async (path: string) => (await fetch(stack.url + encodeURI(path))).json();
  /** Serves every page twice, so each is in the gateway's cache (and what its renderer read). */
  const warm = async (...paths: string[]) => {
    for (let round = 0; round < 2; round++) for (const path of paths) await fetch(stack.url + encodeURI(path));
  };
  const articleForm = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ content: '<h2>小節</h2><p>新鮮度測試內文</p>', tags: '["新鮮度"]', is_featured: 'false', is_popular: 'false', is_carousel: 'false', ...fields })) form.append(name, value);
    return form;
  };

  it('settings: ad code, title and description show on the next page view', async () => {
    const { articles } = await api('/api/articles?page=1&limit=1');
    const articlePath = `/article/${articles[0].slug}`;
    for (const round of [1, 2, 3]) {
      await warm('/', articlePath, '/articles');
      await admin('PUT', '/api/settings/admin', {
        header_ad_script: `<a href="https://ads.example.com/${round}">頁首廣告第${round}版</a>`,
        site_title: `幣圈新鮮雜誌第${round}版`,
        site_description: `網站描述第${round}版`,
      });
      expect((await api('/api/settings')).site_title).toBe(`幣圈新鮮雜誌第${round}版`);
      const home = await page('/');
      expect(home.html).toContain(`頁首廣告第${round}版`);
      expect(home.html).toContain(`<title>幣圈新鮮雜誌第${round}版`);
      expect(home.html).toContain(`網站描述第${round}版`);
      expect((await page(articlePath)).html).toContain(`頁首廣告第${round}版`);
      expect((await page('/articles')).html).toContain(`頁首廣告第${round}版`);
    }
  }, 60_000);

  it('articles: create, edit, unpublish, republish and delete show on the next page view', async () => {
    const categories = await api('/api/categories');
    const category = categories[0];
    const categoryPath = `/category/${category.slug}`;
    await warm('/', '/articles', categoryPath, '/api/articles?page=1&limit=12');

    const created = await admin('POST', '/api/articles/admin', articleForm({ title: '新鮮度測試文章', status: 'published', category_id: String(category.id) }));
    const articlePath = `/article/${created.slug}`;
    expect((await page('/')).html).toContain('新鮮度測試文章');
    expect((await page('/articles')).html).toContain('新鮮度測試文章');
    expect((await page(categoryPath)).html).toContain('新鮮度測試文章');
    expect((await api('/api/articles?page=1&limit=12')).articles[0].title).toBe('新鮮度測試文章');

    await warm('/', articlePath, categoryPath);
    await admin('PUT', `/api/articles/admin/${created.id}`, articleForm({ title: '新鮮度測試文章（已修改）', status: 'published', category_id: String(category.id) }));
    expect((await page(articlePath)).html).toContain('新鮮度測試文章（已修改）');
    expect((await page('/')).html).toContain('新鮮度測試文章（已修改）');
    expect((await page(categoryPath)).html).toContain('新鮮度測試文章（已修改）');

    await warm('/', articlePath, categoryPath);
    await admin('PUT', `/api/articles/admin/${created.id}`, articleForm({ title: '新鮮度測試文章（已修改）', status: 'draft', category_id: String(category.id) }));
    expect((await page(articlePath)).status).toBe(404);
    expect((await page('/')).html).not.toContain('新鮮度測試文章');
    expect((await page(categoryPath)).html).not.toContain('新鮮度測試文章');

    await warm('/', articlePath);
    await admin('PUT', `/api/articles/admin/${created.id}`, articleForm({ title: '新鮮度測試文章（重新發布）', status: 'published', category_id: String(category.id) }));
    const republished = await page(articlePath);
    expect(republished.status).toBe(200);
    expect(republished.html).toContain('新鮮度測試文章（重新發布）');
    expect((await page('/')).html).toContain('新鮮度測試文章（重新發布）');

    await warm('/', articlePath, `/api/articles/${created.slug}`);
    await admin('DELETE', `/api/articles/admin/${created.id}`);
    expect((await page(articlePath)).status).toBe(404);
    expect((await fetch(`${stack.url}/api/articles/${encodeURIComponent(created.slug)}`)).status).toBe(404);
    expect((await page('/')).html).not.toContain('新鮮度測試文章');
  }, 60_000);

  it('tag pages: publishing, editing, unpublishing and deleting a tagged article show on the next view of its tag page', async () => {
    const tags = JSON.stringify(['Fresh標籤']);
    const tagPath = '/tag/fresh標籤';
    await warm(tagPath, `${tagPath}/rss.xml`);
    expect((await page(tagPath)).status).toBe(404);

    const created = await admin('POST', '/api/articles/admin', articleForm({ title: '標籤新鮮度文章', status: 'published', tags }));
    const shown = await page(tagPath);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('標籤新鮮度文章');
    expect(shown.html).toContain('共 1 篇文章');

    await warm(tagPath);
    await admin('PUT', `/api/articles/admin/${created.id}`, articleForm({ title: '標籤新鮮度文章（已修改）', status: 'published', tags }));
    expect((await page(tagPath)).html).toContain('標籤新鮮度文章（已修改）');

    await warm(tagPath);
    await admin('PUT', `/api/articles/admin/${created.id}`, articleForm({ title: '標籤新鮮度文章（已修改）', status: 'published', tags: JSON.stringify(['別的標籤']) }));
    expect((await page(tagPath)).status).toBe(404);

    await warm(tagPath);
    await admin('PUT', `/api/articles/admin/${created.id}`, articleForm({ title: '標籤新鮮度文章（重新加上）', status: 'published', tags }));
    expect((await page(tagPath)).html).toContain('標籤新鮮度文章（重新加上）');

    await warm(tagPath);
    await admin('PUT', `/api/articles/admin/${created.id}`, articleForm({ title: '標籤新鮮度文章（重新加上）', status: 'draft', tags }));
    expect((await page(tagPath)).status).toBe(404);

    await admin('PUT', `/api/articles/admin/${created.id}`, articleForm({ title: '標籤新鮮度文章（再次發布）', status: 'published', tags }));
    await warm(tagPath);
    await admin('DELETE', `/api/articles/admin/${created.id}`);
    expect((await page(tagPath)).status).toBe(404);
  }, 60_000);

  it('a scheduled article shows on the pages within a second of its time, without any request to publish it', async () => {
    const category = (await api('/api/categories'))[0];
    const at = new Date(Date.now() + 3_000);
    const scheduled = await admin('POST', '/api/articles/admin', articleForm({ title: '排程新鮮度文章', status: 'scheduled', published_at: at.toISOString(), category_id: String(category.id) }));
    const articlePath = `/article/${scheduled.slug}`;
    await warm('/', articlePath);
    expect((await page(articlePath)).status).toBe(404);
    // The scheduler publishes on its own; the pages follow the invalidation feed (a bound, not a retry).
    let shownAt = 0;
    while (Date.now() < at.getTime() + 5_000) {
      if ((await page(articlePath)).status === 200) {
        shownAt = Date.now();
        break;
      }
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(shownAt, 'the scheduled article never showed').toBeGreaterThan(0);
    expect(shownAt - at.getTime()).toBeLessThan(1_500);
    expect((await page('/')).html).toContain('排程新鮮度文章');
    await admin('DELETE', `/api/articles/admin/${scheduled.id}`);
  }, 60_000);

  it('categories: create, rename, hide and delete show on the next page view', async () => {
    await warm('/', '/articles', '/api/categories');
    const category = await admin('POST', '/api/categories/admin', { name: '新鮮度分類', show_in_header: true });
    const categoryPath = `/category/${category.slug}`;
    expect((await page('/')).html).toContain('新鮮度分類');
    expect((await api('/api/categories')).map((c: { name: string }) => c.name)).toContain('新鮮度分類');
    expect((await page(categoryPath)).status).toBe(200);

    await warm('/', categoryPath, '/articles');
    const renamed = await admin('PUT', `/api/categories/admin/${category.id}`, { ...category, name: '新鮮度分類改名' });
    expect((await page('/')).html).toContain('新鮮度分類改名');
    expect((await page('/articles')).html).toContain('新鮮度分類改名');

    await warm('/', '/articles');
    await admin('PUT', `/api/categories/admin/${category.id}`, { ...renamed, show_in_header: false });
    expect((await page('/')).html).not.toContain('新鮮度分類改名');

    await warm('/', `/category/${renamed.slug}`);
    await admin('DELETE', `/api/categories/admin/${category.id}`);
    expect((await page(`/category/${renamed.slug}`)).status).toBe(404);
    expect((await api('/api/categories')).map((c: { name: string }) => c.name)).not.toContain('新鮮度分類改名');
  }, 60_000);
});
