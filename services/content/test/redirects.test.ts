import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CHANGES_HEADER, parseCacheChanges, redirectDep } from '@coinmag/contracts';
import { insertArticle, insertCategory, startContent, type ContentHarness } from './content-harness.js';

describe('the redirect manager: made, followed in one hop, loops and taken paths refused', () => {
  let api: ContentHarness;
  let article: { id: number; slug: string };
  let categoryId: number;
  const auth = () => ({ authorization: `Bearer ${api.token}`, 'content-type': 'application/json' });
  const make = (body: unknown) => api.get('/api/admin/redirects', { method: 'POST', headers: auth(), body: JSON.stringify(body) });
  const lookup = async (path: string) => (await api.get(`/api/redirect-lookup?${new URLSearchParams({ path })}`)).body.location;

  beforeAll(async () => {
    api = await startContent();
    article = await insertArticle(api.db, { slug: 'halving-2024', title: '比特幣減半' });
    categoryId = await insertCategory(api.db, { slug: 'beginner', name: '新手入門' });
    await insertArticle(api.db, { slug: 'ledger-guide', title: '冷錢包', tags: ['冷錢包'] });
  });
  afterAll(() => api.close());

  it('makes a 301 target for a missing path, and names exactly that path\'s change on its answer', async () => {
    expect(await lookup('/old-halving')).toBeNull();
    const made = await make({ from_path: '/Old-Halving/', target_kind: 'article', target_id: article.id });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ source: 'manual', from_path: '/old-halving', to_path: '/article/halving-2024', target_label: '比特幣減半', hits: 0 });
    const changes = parseCacheChanges(made.headers.get(CACHE_CHANGES_HEADER)!);
    expect(changes!.flatMap((change) => (change.type === 'invalidate' ? change.deps : ['reset']))).toEqual([redirectDep('/old-halving')]);
    // Looked up however the reader spells it.
    expect(await lookup('/old-halving')).toBe('/article/halving-2024');
    expect(await lookup('/OLD-HALVING//')).toBe('/article/halving-2024');
  });

  it('follows the target\'s slug change: one hop, never a chain', async () => {
    await api.db('articles').where({ id: article.id }).update({ slug: 'halving-2028' });
    // The slug change is a write that bumps articles (as the admin's save does).
    await api.content.cache.invalidate(['articles']);
    expect(await lookup('/old-halving')).toBe('/article/halving-2028');
    // The old slug answers by its own history, to the same place: neither goes through the other.
    const slugRedirect = (await api.get('/api/redirects/article/halving-2024')).body;
    expect(slugRedirect).toEqual({ slug: 'halving-2028' });
  });

  it('redirects to a category and a tag', async () => {
    expect((await make({ from_path: '/newbies', target_kind: 'category', target_id: categoryId })).body.to_path).toBe('/category/beginner');
    expect((await make({ from_path: '/cold', target_kind: 'tag', target_key: '冷錢包' })).body.to_path).toBe(`/tag/${encodeURIComponent('冷錢包')}`);
    expect(await lookup('/newbies')).toBe('/category/beginner');
  });

  it('refuses a loop, a path that is a page, a reserved path, a path redirected already and a missing target', async () => {
    const loop = await make({ from_path: '/article/halving-2028', target_kind: 'article', target_id: article.id });
    expect(loop.status).toBe(409);
    expect(loop.body.error).toBe('轉址目標就是這個網址，會形成迴圈');
    const live = await make({ from_path: '/category/beginner', target_kind: 'article', target_id: article.id });
    expect(live.status).toBe(409);
    expect(live.body.error).toBe('這個網址已有頁面，不能轉址');
    for (const from_path of ['/', '/admin/x', '/api/articles', '/search']) expect((await make({ from_path, target_kind: 'article', target_id: article.id })).status).toBe(400);
    expect((await make({ from_path: '/old-halving', target_kind: 'category', target_id: categoryId })).status).toBe(409);
    expect((await make({ from_path: '/nowhere', target_kind: 'article', target_id: 999_999 })).status).toBe(400);
    expect((await make({ from_path: '/nowhere', target_kind: 'tag' })).status).toBe(400);
    expect((await make({ from_path: 'no-slash', target_kind: 'article', target_id: article.id })).status).toBe(400);
  });

  it('lists every redirect — made here, from slug changes — with the hits the gateways handed over', async () => {
    const handed = await api.get('/internal/reader-numbers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searches: [], missing: [], redirected: [{ path: '/old-halving', count: 3 }, { path: '/article/halving-2024', count: 2 }] }),
    });
    expect(handed.status).toBe(200);
    const list = (await api.get('/api/admin/redirects', { headers: auth() })).body.redirects;
    expect(list.slice(0, 2)).toEqual([
      expect.objectContaining({ source: 'manual', from_path: '/old-halving', to_path: '/article/halving-2028', hits: 3 }),
      expect.objectContaining({ source: 'slug', from_path: '/article/halving-2024', to_path: '/article/halving-2028', target_label: '比特幣減半', hits: 2 }),
    ]);
    expect(list.filter((row: { source: string }) => row.source === 'manual')).toHaveLength(3);
  });

  it('edits and deletes a redirect made here, invalidating its path', async () => {
    const list = (await api.get('/api/admin/redirects', { headers: auth() })).body.redirects;
    const newbies = list.find((row: { from_path: string }) => row.from_path === '/newbies');
    const edited = await api.get(`/api/admin/redirects/${newbies.id}`, { method: 'PUT', headers: auth(), body: JSON.stringify({ from_path: '/newbies', target_kind: 'article', target_id: article.id }) });
    expect(edited.status).toBe(200);
    expect(await lookup('/newbies')).toBe('/article/halving-2028');
    const gone = await api.get(`/api/admin/redirects/${newbies.id}`, { method: 'DELETE', headers: auth() });
    expect(gone.status).toBe(204);
    expect(parseCacheChanges(gone.headers.get(CACHE_CHANGES_HEADER)!)!.flatMap((change) => (change.type === 'invalidate' ? change.deps : []))).toEqual([redirectDep('/newbies')]);
    expect(await lookup('/newbies')).toBeNull();
    expect((await api.get(`/api/admin/redirects/${newbies.id}`, { method: 'DELETE', headers: auth() })).status).toBe(404);
  });

  it('answers no redirect to an article that is no longer public', async () => {
    await api.db('articles').where({ id: article.id }).update({ status: 'draft' });
    await api.content.cache.invalidate(['articles']);
    expect(await lookup('/old-halving')).toBeNull();
  });
});
