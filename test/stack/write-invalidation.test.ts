import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@coinmag/service-kit/testing';
import { startStack, type RunningStack } from '../../scripts/stack/stack.js';

const root = resolve(import.meta.dirname, '../..');
const GATEWAY_PORT = 8684;
const BASE_PORT = 4674;

type Namespace = 'articles' | 'categories' | 'settings' | 'flash';
const PAGE_DEPS: Namespace[] = ['articles', 'categories', 'settings'];
/** Pages that show 快訊 depend on them too (docs/product.md §2 快訊); article pages fill their box in the browser. */
const FLASH_PAGE_DEPS: Namespace[] = [...PAGE_DEPS, 'flash'];
const TAG = 'cachetag';

/**
 * Each admin write evicts exactly what it changed from the gateway's cache (docs/architecture.md,
 * caching): every public page kind and API answer is warmed, one write is made, and each answer is
 * checked — evicted when it depends on what the write changed, else still served from the cache. A
 * write that changes no public answer (an autosave, a preview link, a webhook, a refused write)
 * evicts nothing. An API answer says `x-gateway-cache: hit` or `miss`; a page served from the cache
 * asks the content service nothing, one rendered again asks it for what its namespaces' eviction
 * dropped (content's `cache_lookups_total`), so each page is asked first after its own write.
 */
describe('what each admin write evicts from the gateway cache, every service real', () => {
  let database: TestDatabase;
  let stack: RunningStack;
  let dataDir: string;
  let receiver: Server;
  let token: string;
  let category: { id: number; slug: string; name: string; version: number };
  let article: { id: number; slug: string; version: number };
  let apis: Array<{ path: string; deps: Namespace[] }>;
  let pages: Array<{ path: string; deps: Namespace[] }>;

  beforeAll(async () => {
    database = await createTestDatabase('cm_evict');
    dataDir = mkdtempSync(join(tmpdir(), 'coinmag-evict-'));
    // The webhook's receiver: a test delivery may reach it; what it answers does not matter here.
    receiver = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    stack = await startStack({
      root, databaseUrl: database.url, redisUrl: 'redis://127.0.0.1:6379', dataDir, gatewayPort: GATEWAY_PORT, basePort: BASE_PORT,
      seedDemo: true, buildFrontends: true, quiet: true,
      // The receiver is on loopback, which webhook URLs may name only when allowed.
      extraEnv: { LOG_LEVEL: 'warn', REDIS_KEY_PREFIX: `cm-evict:${database.name}:`, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    });
    const login = await fetch(`${stack.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
    token = (await login.json()).token;
    category = (await (await write('POST', '/api/categories/admin', { name: '快取分類', show_in_header: true })).json()) as typeof category;
    article = (await (await write('POST', '/api/articles/admin', articleForm({ title: '快取文章', status: 'published', category_id: String(category.id) }))).json()) as typeof article;
    pages = [
      { path: '/', deps: FLASH_PAGE_DEPS },
      { path: '/articles', deps: PAGE_DEPS },
      { path: `/article/${article.slug}`, deps: PAGE_DEPS },
      { path: `/category/${category.slug}`, deps: PAGE_DEPS },
      { path: `/tag/${TAG}`, deps: FLASH_PAGE_DEPS },
      { path: '/flash', deps: FLASH_PAGE_DEPS },
    ];
    apis = [
      { path: '/api/settings', deps: ['settings'] },
      { path: '/api/categories', deps: ['categories'] },
      { path: '/api/categories/header', deps: ['categories'] },
      { path: '/api/articles?page=1&limit=12', deps: ['articles', 'categories'] },
      { path: '/api/articles/latest', deps: ['articles', 'categories'] },
      { path: '/api/articles/popular', deps: ['articles', 'categories'] },
      { path: `/api/articles/${article.slug}`, deps: ['articles', 'categories'] },
      { path: `/api/tags/${TAG}`, deps: ['articles', 'flash'] },
      { path: '/api/sitemap', deps: ['articles', 'categories', 'flash'] },
      { path: '/api/flash/live', deps: ['flash', 'articles'] },
      { path: '/api/flash', deps: ['flash', 'articles'] },
    ];
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
    receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function write(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(stack.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  }
  function articleForm(fields: Record<string, string>): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries({ content: '<p>快取測試內文</p>', tags: JSON.stringify([TAG]), is_featured: 'false', is_popular: 'false', is_carousel: 'false', ...fields })) form.append(name, value);
    return form;
  }
  const fetchedArticle = async (id = article.id) => (await (await write('GET', `/api/articles/admin/${id}`)).json()) as { version: number; slug: string };
  /** Updates an article in place (its slug kept, so the warmed paths stay the same). */
  const articleUpdate = async (fields: Record<string, string>, id = article.id) => {
    const { version, slug } = await fetchedArticle(id);
    return write('PUT', `/api/articles/admin/${id}`, articleForm({ title: '快取文章', slug, status: 'published', category_id: String(category.id), version: String(version), ...fields }));
  };
  const autosaveBody = { title: '打字中', excerpt: '', content: '<p>打字中</p>', meta_title: '', meta_description: '', tags: [TAG], category_id: null, status: 'draft', published_at: null, base_version: null };

  /** Content's lookups of its cached answers so far: each request the gateway did not answer itself. */
  const contentLookups = async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${BASE_PORT + 2}/metrics`)).text();
    let total = 0;
    for (const line of metrics.split('\n')) if (line.startsWith('cache_lookups_total{cache="responses"')) total += Number(line.split(' ').pop());
    return total;
  };
  /** Every answer asked twice, so each is in the gateway's cache; each API answer checked to be a hit. */
  const warm = async () => {
    for (let round = 0; round < 2; round++) {
      for (const { path } of pages) await (await fetch(stack.url + encodeURI(path))).arrayBuffer();
      for (const { path } of apis) await (await fetch(stack.url + encodeURI(path))).arrayBuffer();
    }
    for (const { path } of apis) expect((await fetch(stack.url + encodeURI(path))).headers.get('x-gateway-cache'), path).toBe('hit');
  };
  const pageEvicted = async (path: string) => {
    const before = await contentLookups();
    const res = await fetch(stack.url + encodeURI(path));
    expect(res.status, path).toBe(200);
    await res.arrayBuffer();
    return (await contentLookups()) > before;
  };
  const apiEvicted = async (path: string) => {
    const res = await fetch(stack.url + encodeURI(path));
    await res.arrayBuffer();
    const cache = res.headers.get('x-gateway-cache');
    expect(['hit', 'miss'], `${path}: ${cache}`).toContain(cache);
    return cache === 'miss';
  };
  const expected = (deps: Namespace[], changed: Namespace[]) => deps.some((dep) => changed.includes(dep));

  /**
   * Warms everything, makes the write and checks every API answer; then, for each page kind, warms
   * again, makes the write again and checks that page first (its render would refill the API answers).
   */
  async function checkEvictions(makeWrite: () => Promise<Response>, changed: Namespace[], status: number) {
    const checkWrite = async () => {
      const res = await makeWrite();
      const body = await res.text();
      expect(res.status, body).toBe(status);
      expect(res.headers.get('x-cache-changes')).toBeNull();
    };
    await warm();
    await checkWrite();
    const apiAnswers = [];
    for (const { path, deps } of apis) apiAnswers.push({ path, evicted: await apiEvicted(path), expected: expected(deps, changed) });
    expect(apiAnswers.filter((a) => a.evicted !== a.expected)).toEqual([]);

    const pageAnswers = [];
    if (changed.length === 0) {
      // Nothing may be evicted, so no page's render can refill another's reads: one round.
      await warm();
      await checkWrite();
      for (const { path } of pages) pageAnswers.push({ path, evicted: await pageEvicted(path), expected: false });
    } else {
      for (const { path, deps } of pages) {
        await warm();
        await checkWrite();
        pageAnswers.push({ path, evicted: await pageEvicted(path), expected: expected(deps, changed) });
      }
    }
    expect(pageAnswers.filter((a) => a.evicted !== a.expected)).toEqual([]);
  }

  it('an autosave, a refused autosave and a new draft\'s autosave evict nothing', async () => {
    await checkEvictions(() => write('PUT', `/api/articles/admin/${article.id}/autosave`, autosaveBody), [], 200);
    await checkEvictions(() => write('PUT', `/api/articles/admin/${article.id}/autosave`, { title: 1 }), [], 400);
    await checkEvictions(() => write('PUT', '/api/articles/admin/drafts/draft-key-0001/autosave', autosaveBody), [], 200);
  }, 120_000);

  it('a preview link, a webhook and a webhook test evict nothing', async () => {
    const draft = (await (await write('POST', '/api/articles/admin', articleForm({ title: '預覽草稿', status: 'draft' }))).json()) as { id: number };
    await checkEvictions(() => write('POST', `/api/articles/admin/${draft.id}/preview-links`, { days: 1 }), [], 201);
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await checkEvictions(() => write('POST', '/api/admin/webhooks', { url: hookUrl, events: ['article.published'] }), [], 201);
    const { endpoints: hooks } = (await (await write('GET', '/api/admin/webhooks')).json()) as { endpoints: Array<{ id: number }> };
    await checkEvictions(() => write('POST', `/api/admin/webhooks/${hooks[0]!.id}/test`), [], 202);
  }, 120_000);

  it('settings (ads, title) evict the settings answer and every page, nothing else', async () => {
    let round = 0;
    await checkEvictions(() => write('PUT', '/api/settings/admin', { header_ad_script: `<a href="https://ads.example.com/">廣告${(round += 1)}</a>` }), ['settings'], 200);
  }, 120_000);

  it('a category change evicts what shows categories, not the settings', async () => {
    let round = 0;
    await checkEvictions(async () => {
      const current = (await (await write('GET', `/api/categories/admin/${category.id}`)).json()) as typeof category;
      return write('PUT', `/api/categories/admin/${category.id}`, { name: `快取分類${(round += 1)}`, show_in_header: true, version: current.version });
    }, ['categories'], 200);
  }, 120_000);

  it('article writes (edit, featured and carousel, unpublish, publish, schedule, create, delete, restore) evict what shows articles, not the settings or the category lists', async () => {
    let round = 0;
    await checkEvictions(() => articleUpdate({ title: `快取文章${(round += 1)}` }), ['articles'], 200);
    await checkEvictions(() => articleUpdate({ is_featured: String(round++ % 2 === 0), is_carousel: String(round % 2 === 0) }), ['articles'], 200);
    // Another article is taken down and put back, so the warmed article's paths keep answering 200.
    const other = (await (await write('POST', '/api/articles/admin', articleForm({ title: '另一篇文章', status: 'published', category_id: String(category.id) }))).json()) as { id: number };
    await checkEvictions(() => articleUpdate({ title: '另一篇文章', status: 'draft' }, other.id), ['articles'], 200);
    await checkEvictions(() => articleUpdate({ title: '另一篇文章', status: 'published' }, other.id), ['articles'], 200);
    await checkEvictions(() => write('POST', '/api/articles/admin', articleForm({ title: '排程文章', status: 'scheduled', published_at: new Date(Date.now() + 86_400_000).toISOString() })), ['articles'], 201);
    const created: Array<{ id: number }> = [];
    await checkEvictions(async () => {
      const res = await write('POST', '/api/articles/admin', articleForm({ title: '新的文章', status: 'published', category_id: String(category.id) }));
      created.push((await res.clone().json()) as { id: number });
      return res;
    }, ['articles'], 201);
    await checkEvictions(() => write('DELETE', `/api/articles/admin/${created.pop()!.id}`), ['articles'], 200);
    const { revisions } = (await (await write('GET', `/api/articles/admin/${article.id}/revisions`)).json()) as { revisions: Array<{ id: number }> };
    await checkEvictions(async () => write('POST', `/api/articles/admin/${article.id}/revisions/${revisions.at(-1)!.id}/restore`, { version: (await fetchedArticle()).version }), ['articles'], 200);
  }, 300_000);

  it('快訊 writes (publish, edit, pin, delete) evict only what shows items: the flash answers, home, tag pages and /flash; no article page or answer', async () => {
    let round = 0;
    const created: Array<{ id: number; version: number }> = [];
    await checkEvictions(async () => {
      const res = await write('POST', '/api/admin/flash', { text: `快取快訊 ${(round += 1)}`, tags: [TAG] });
      created.push((await res.clone().json()) as { id: number; version: number });
      return res;
    }, ['flash'], 201);
    const item = created[0]!;
    const current = async () => (await (await write('GET', `/api/admin/flash/${item.id}`)).json()) as { version: number; pinned: boolean };
    await checkEvictions(async () => write('PUT', `/api/admin/flash/${item.id}`, { text: `快取快訊（更新 ${(round += 1)}）`, tags: [TAG], version: (await current()).version }), ['flash'], 200);
    await checkEvictions(async () => { const { version, pinned } = await current(); return write('PUT', `/api/admin/flash/${item.id}`, { text: '快取快訊（置頂）', tags: [TAG], pinned: !pinned, version }); }, ['flash'], 200);
    // A refused save (empty text) evicts nothing.
    await checkEvictions(() => write('POST', '/api/admin/flash', { text: ' ' }), [], 400);
    await checkEvictions(() => write('DELETE', `/api/admin/flash/${created.pop()!.id}`), ['flash'], 200);
  }, 300_000);
});
