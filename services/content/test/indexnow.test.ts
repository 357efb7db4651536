import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, articleFields } from './admin-client.js';
import { startContent, type ContentHarness } from './content-harness.js';
import { startReceiver } from './local-receiver.js';

const KEY = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';

describe('IndexNow', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let now = new Date();

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startContent({
      outbox: { limits: { timeoutMs: 1500, allowedHosts: ['127.0.0.1'] }, retryBaseMs: 60_000, siteOrigin: 'https://news.example', indexNowEndpoint: `${receiver.url}/indexnow` },
    });
    api.setNow(now);
    admin = adminClient(api);
  });
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.state.answer = () => 200;
  });

  const send = () => api.content.outbox.runOnce();
  const setKey = (indexnow_key: string) => admin.json('PUT', '/api/settings/admin', { indexnow_key });

  it('stays off without a key; refuses a key IndexNow would not accept', async () => {
    await admin.createArticle(articleFields({ title: '沒有金鑰' }));
    expect(await send()).toBe(0);
    expect(receiver.received).toHaveLength(0);
    expect((await api.get('/api/indexnow/key')).body).toEqual({ key: '' });
    const bad = await setKey('short');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('IndexNow 金鑰須為 8 到 128 個英文字母、數字或連字號');
    expect((await setKey('has space in it')).status).toBe(400);
  });

  it('submits the changed URLs in one batch: publications, a new slug with its old one, unpublications and deletions', async () => {
    expect((await setKey(KEY)).status).toBe(200);
    expect((await api.get('/api/indexnow/key')).body).toEqual({ key: KEY });
    // The public settings do not carry it; the key file does.
    expect((await api.get('/api/settings')).body.indexnow_key).toBeUndefined();

    const first = (await admin.createArticle(articleFields({ title: '以太坊升級', slug: 'eth-upgrade' }))).body;
    const second = (await admin.createArticle(articleFields({ title: '穩定幣法案', slug: 'stablecoin-bill' }))).body;
    await admin.updateArticle(first.id, articleFields({ title: '以太坊升級', slug: 'eth-upgrade-done' }));
    await admin.deleteArticle(second.id);
    const third = (await admin.createArticle(articleFields({ title: '撤下的文章', slug: 'taken-down' }))).body;
    await admin.updateArticle(third.id, articleFields({ title: '撤下的文章', slug: 'taken-down', status: 'draft' }));
    await admin.createArticle(articleFields({ title: '草稿', slug: 'just-a-draft', status: 'draft' }));
    expect(await send()).toBe(6);
    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    expect(request.path).toBe('/indexnow');
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(request.body);
    expect(body).toEqual({
      host: 'news.example',
      key: KEY,
      keyLocation: `https://news.example/${KEY}.txt`,
      urlList: expect.any(Array),
    });
    expect([...body.urlList].sort()).toEqual([
      'https://news.example/article/eth-upgrade',
      'https://news.example/article/eth-upgrade-done',
      'https://news.example/article/stablecoin-bill',
      'https://news.example/article/taken-down',
    ]);
    expect(await send()).toBe(0);
  });

  it('retries when IndexNow is busy and gives up when it refuses the key', async () => {
    receiver.state.answer = () => 429;
    await admin.createArticle(articleFields({ title: '稍後提交', slug: 'later' }));
    await send();
    expect(await api.db('outbox_messages').where({ channel: 'indexnow', status: 'pending' }).count<{ n: string }[]>('* as n').then((r) => Number(r[0]!.n))).toBe(1);
    receiver.state.answer = () => 403;
    now = new Date(now.getTime() + 60_000);
    api.setNow(now);
    await send();
    expect(receiver.received).toHaveLength(2);
    const row = await api.db('outbox_messages').where({ channel: 'indexnow' }).orderBy('id', 'desc').first();
    expect(row.status).toBe('failed');
    const attempts = await api.db('outbox_attempts').where({ message_id: row.id }).orderBy('id').select('status_code');
    expect(attempts.map((a: { status_code: number }) => a.status_code)).toEqual([429, 403]);
  });
});
