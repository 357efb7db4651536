import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CHANGES_HEADER, parseCacheChanges } from '@coinmag/contracts';
import { adminClient } from './admin-client.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

const ADMIN = '/api/admin/flash';

/** 快訊 (docs/product.md §2): items, their rules, what readers see, and what a write tells. */
describe('flash items', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let endpointId: number;
  let articleId: number;

  beforeAll(async () => {
    api = await startContent({ outbox: { siteOrigin: 'https://coinmag.example', indexNowEndpoint: 'http://127.0.0.1:9/indexnow' } });
    admin = adminClient(api);
    articleId = (await insertArticle(api.db, { slug: 'full-story', title: '完整報導的文章' })).id;
    [{ id: endpointId }] = await api.db('webhook_endpoints').insert({ url: 'http://127.0.0.1:9/hook', events: ['flash.published', 'flash.updated', 'flash.deleted'], secret: 'a-secret-of-sixteen', enabled: true }).returning('id');
    await api.db('settings').where({ id: 1 }).update({ indexnow_key: 'abcdef0123456789' });
  });
  afterAll(() => api.close());

  const post = (body: Record<string, unknown>) => admin.json('POST', ADMIN, body);
  const events = async (flashId: number) =>
    (await api.db('outbox_messages').where({ endpoint_id: endpointId }).orderBy('id').select('event', 'payload'))
      .filter((row) => row.payload.flash?.id === flashId)
      .map((row) => row.event);

  it('publishes an item at once: readers see it in the list, the live answer and its own page', async () => {
    const created = await post({ text: '某交易所暫停提領，官方稱為例行維護。', source_url: 'https://example.com/news/1', tags: ['BTC', '交易所', 'ｂｔｃ'], important: true, article_id: articleId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ text: '某交易所暫停提領，官方稱為例行維護。', important: true, pinned: false, status: 'published', version: 1, tags: [{ key: 'btc', name: 'BTC' }, { key: '交易所', name: '交易所' }] });
    const id = created.body.id;
    const item = await api.get(`/api/flash/${id}`);
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ id, source_url: 'https://example.com/news/1', article: { slug: 'full-story', title: '完整報導的文章' } });
    expect((await api.get('/api/flash')).body.items.map((entry: { id: number }) => entry.id)).toContain(id);
    expect((await api.get('/api/flash/live')).body.items[0].id).toBe(id);
    expect((await api.get('/api/flash?tag=btc')).body.items.map((entry: { id: number }) => entry.id)).toEqual([id]);
    expect(await events(id)).toEqual(['flash.published']);
    const indexNow = await api.db('outbox_messages').where({ channel: 'indexnow', event: 'flash.published' }).first('payload');
    expect(indexNow.payload.urls).toEqual([`https://coinmag.example/flash/${id}`]);
    const audit = await api.db('audit_events').where({ action: 'flash.create', subject_id: id }).first('summary');
    expect(audit.summary).toBe('某交易所暫停提領，官方稱為例行維護。');
  });

  it('names only the flash dependency on a write, so article answers stay cached', async () => {
    const created = await post({ text: '只影響快訊的寫入' });
    const changes = parseCacheChanges(created.headers.get(CACHE_CHANGES_HEADER) ?? undefined);
    expect(changes?.map((change) => (change.type === 'invalidate' ? change.deps : 'reset'))).toEqual([['flash']]);
    expect((await api.get('/api/flash/live')).headers.get('x-cache-deps')).toBe('flash,articles');
    expect((await api.get('/api/flash/live')).headers.get('cache-control')).toBe('public, no-cache');
  });

  it('refuses bad input with clear Traditional Chinese errors and saves nothing', async () => {
    const count = async () => Number((await api.db('flash_items').count<{ n: string }[]>('* as n'))[0]!.n);
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ text: '   ' }, '請輸入快訊內容'],
      [{}, '請輸入快訊內容'],
      [{ text: '長'.repeat(501) }, '快訊最多 500 個字'],
      [{ text: '連結', source_url: 'javascript:alert(1)' }, '來源連結必須是 http 或 https 開頭的完整網址'],
      [{ text: '連結', source_url: 'ftp://example.com/x' }, '來源連結必須是 http 或 https 開頭的完整網址'],
      [{ text: '過去', published_at: new Date(Date.now() - 3_600_000).toISOString() }, '排程時間不能早於現在'],
      [{ text: '時間', published_at: 'tomorrow' }, '發布時間格式不正確'],
      [{ text: '文章', article_id: 999999 }, '找不到要連結的完整報導文章'],
      [{ text: '欄位', extra: 1 }, '不支援的欄位：extra'],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error).toBe(message);
    }
    // 500 characters counted as a reader counts them: an emoji is one.
    expect((await post({ text: '🚀'.repeat(500) })).status).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('keeps at most 3 pinned items; a 4th pin is refused and saves nothing', async () => {
    const pins = [];
    for (const text of ['置頂一', '置頂二', '置頂三']) pins.push((await post({ text, pinned: true })).body);
    const fourth = await post({ text: '置頂四', pinned: true });
    expect(fourth.status).toBe(400);
    expect(fourth.body.error).toBe('最多只能置頂 3 則快訊，請先取消其他置頂');
    expect(await api.db('flash_items').where({ text: '置頂四' }).first()).toBeUndefined();
    // Re-saving one of the three pinned is fine; the first page carries them.
    const again = await admin.json('PUT', `${ADMIN}/${pins[0].id}`, { text: '置頂一（更新）', pinned: true, version: pins[0].version });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await api.get('/api/flash')).body.pinned.map((item: { text: string }) => item.text).sort()).toEqual(['置頂一（更新）', '置頂三', '置頂二']);
    for (const pin of [again.body, pins[1], pins[2]]) await admin.json('PUT', `${ADMIN}/${pin.id}`, { text: pin.text, pinned: false });
    expect((await api.get('/api/flash')).body.pinned).toEqual([]);
  });

  it('refuses the second of two saves from two tabs (409), keeps its text as a conflict revision', async () => {
    const created = (await post({ text: '第一版' })).body;
    const first = await admin.json('PUT', `${ADMIN}/${created.id}`, { text: '第一分頁的修改', version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const second = await admin.json('PUT', `${ADMIN}/${created.id}`, { text: '第二分頁的修改', version: 1 });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('這則快訊已在其他分頁或裝置更新，這次儲存沒有覆蓋它。請重新載入後再編輯。');
    expect((await api.get(`/api/flash/${created.id}`)).body.text).toBe('第一分頁的修改');
    const revisions = (await admin.json('GET', `${ADMIN}/${created.id}/revisions`)).body;
    expect(revisions.map((revision: { kind: string; text: string; version: number | null }) => [revision.kind, revision.text, revision.version])).toEqual([
      ['conflict', '第二分頁的修改', null],
      ['save', '第一分頁的修改', 2],
      ['save', '第一版', 1],
    ]);
    expect(await events(created.id)).toEqual(['flash.published', 'flash.updated']);
  });

  it('restores a revision as a new version: its text, tags and links back, kept as a restore, logged, told as an edit', async () => {
    const created = (await post({ text: '原本的快訊', tags: ['ETH'], source_url: 'https://example.com/first', article_id: articleId })).body;
    const edited = await admin.json('PUT', `${ADMIN}/${created.id}`, { text: '改過的快訊', tags: ['SOL'], version: created.version });
    expect(edited.status).toBe(200);
    const revisions = (await admin.json('GET', `${ADMIN}/${created.id}/revisions`)).body;
    const first = revisions.find((revision: { version: number }) => revision.version === 1);
    expect(first).toMatchObject({ kind: 'save', text: '原本的快訊', tags: ['ETH'], article_id: articleId, restored_from: null });

    // The form still holds version 1: the restore is refused, nothing changes.
    const stale = await admin.json('POST', `${ADMIN}/${created.id}/revisions/${first.id}/restore`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('這則快訊已在其他分頁或裝置更新，這次儲存沒有覆蓋它。請重新載入後再編輯。');
    expect((await api.get(`/api/flash/${created.id}`)).body.text).toBe('改過的快訊');

    const restored = await admin.json('POST', `${ADMIN}/${created.id}/revisions/${first.id}/restore`, { version: edited.body.version });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ text: '原本的快訊', version: 3, source_url: 'https://example.com/first', article_id: articleId, tags: [{ key: 'eth', name: 'ETH' }], published_at: created.published_at });
    const reader = (await api.get(`/api/flash/${created.id}`)).body;
    expect([reader.text, reader.article?.slug]).toEqual(['原本的快訊', 'full-story']);
    expect((await admin.json('GET', `${ADMIN}/${created.id}/revisions`)).body[0]).toMatchObject({ kind: 'restore', version: 3, restored_from: first.id, text: '原本的快訊' });
    expect(await api.db('audit_events').where({ action: 'flash.restore', subject_id: created.id }).first()).toBeDefined();
    expect(await events(created.id)).toEqual(['flash.published', 'flash.updated', 'flash.updated']);
    const changes = parseCacheChanges(restored.headers.get(CACHE_CHANGES_HEADER) ?? undefined);
    expect(changes?.map((change) => (change.type === 'invalidate' ? change.deps : 'reset'))).toEqual([['flash']]);

    expect((await admin.json('POST', `${ADMIN}/${created.id}/revisions/99999999/restore`, {})).body.error).toBe('找不到這個版本');
    expect((await admin.json('POST', `${ADMIN}/${created.id}/revisions/${first.id}/restore`, { version: 'x' })).status).toBe(400);
  });

  it('deletes an item: gone for readers, logged, told', async () => {
    const created = (await post({ text: '要刪除的快訊' })).body;
    const removed = await admin.json('DELETE', `${ADMIN}/${created.id}`);
    expect(removed.status).toBe(200);
    expect((await api.get(`/api/flash/${created.id}`)).status).toBe(404);
    expect((await api.get(`/api/flash/${created.id}`)).body.error).toBe('快訊不存在');
    expect((await api.get('/api/flash/live')).body.items.map((item: { id: number }) => item.id)).not.toContain(created.id);
    expect(await events(created.id)).toEqual(['flash.published', 'flash.deleted']);
    expect(await api.db('audit_events').where({ action: 'flash.delete', subject_id: created.id }).first()).toBeDefined();
    expect((await admin.json('DELETE', `${ADMIN}/${created.id}`)).status).toBe(404);
  });

  it('pages older items 20 at a time, newest first, by a cursor that survives new items', async () => {
    await api.db('flash_items').delete();
    const base = Date.now() - 3_600_000;
    await api.db('flash_items').insert(Array.from({ length: 45 }, (_, i) => ({ text: `第 ${i + 1} 則`, published_at: new Date(base + i * 1000) })));
    const first = (await api.get('/api/flash')).body;
    expect(first.items).toHaveLength(20);
    expect(first.items[0].text).toBe('第 45 則');
    // A new item arriving between pages does not shift what the next page holds.
    await post({ text: '翻頁之間的新快訊' });
    const second = (await api.get(`/api/flash?cursor=${first.next_cursor}`)).body;
    expect(second.items.map((item: { text: string }) => item.text)).toEqual(Array.from({ length: 20 }, (_, i) => `第 ${25 - i} 則`));
    expect(second.pinned).toEqual([]);
    const third = (await api.get(`/api/flash?cursor=${second.next_cursor}`)).body;
    expect(third.items).toHaveLength(5);
    expect(third.next_cursor).toBeNull();
    expect((await api.get('/api/flash?cursor=abc')).status).toBe(400);
    expect((await api.get('/api/flash/abc')).status).toBe(404);
  });

  it('holds a scheduled item back until its time, then the scheduler publishes and tells it once', async () => {
    const at = new Date(Date.now() + 60_000);
    const created = (await post({ text: '排程的快訊', published_at: at.toISOString() })).body;
    expect(created.status).toBe('scheduled');
    expect((await api.get(`/api/flash/${created.id}`)).status).toBe(404);
    expect((await api.get('/api/flash/live')).body.items.map((item: { id: number }) => item.id)).not.toContain(created.id);
    expect(await events(created.id)).toEqual([]);
    api.setNow(new Date(at.getTime() + 1000));
    try {
      await api.content.scheduler.tick();
      await api.content.scheduler.tick();
      expect((await api.get(`/api/flash/${created.id}`)).status).toBe(200);
      expect((await api.get('/api/flash/live')).body.items[0].id).toBe(created.id);
      expect(await events(created.id)).toEqual(['flash.published']);
      expect(await api.db('audit_events').where({ action: 'flash.scheduled_publish', subject_id: created.id, actor: 'system' }).count<{ n: string }[]>('* as n').then((rows) => Number(rows[0]!.n))).toBe(1);
    } finally {
      api.setNow(new Date());
    }
  });

  it('needs the admin for every admin call', async () => {
    expect((await api.get(ADMIN)).status).toBe(401);
    expect((await api.get(ADMIN, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x' }) })).status).toBe(401);
    const list = await admin.json('GET', ADMIN);
    expect(list.status).toBe(200);
    // Back at the real time, the item the scheduler published a minute ahead is still to come.
    const status = (text: string) => list.body.find((item: { text: string }) => item.text === text)?.status;
    expect([status('排程的快訊'), status('翻頁之間的新快訊')]).toEqual(['scheduled', 'published']);
  });
});
