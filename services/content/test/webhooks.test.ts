import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '@coinmag/contracts';
import { createLogger } from '@coinmag/service-kit';
import { AuditRepository } from '@coinmag/audit';
import { ChangeOutbox } from '../src/outbox/change-outbox.js';
import { OutboxRepository } from '../src/outbox/outbox.repository.js';
import { OutboxWorker } from '../src/outbox/outbox-worker.js';
import { PublishScheduler } from '../src/jobs/publish-scheduler.js';
import { ScheduledRepository } from '../src/jobs/scheduled.repository.js';
import { WebhooksRepository } from '../src/webhooks/webhooks.repository.js';
import { adminClient, articleFields } from './admin-client.js';
import { startContent, type ContentHarness } from './content-harness.js';
import { startReceiver, type Received } from './local-receiver.js';

const silent = createLogger('test', 'silent');
const RETRY_BASE_MS = 60_000;

/** What a receiver does to trust a delivery (docs/product.md §11). */
function verified(request: Received, secret: string): boolean {
  const timestamp = request.headers[WEBHOOK_HEADERS.timestamp] as string;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  return request.headers[WEBHOOK_HEADERS.signature] === expected;
}

describe('webhooks', () => {
  let api: ContentHarness;
  let admin: ReturnType<typeof adminClient>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let now = new Date();

  beforeAll(async () => {
    receiver = await startReceiver();
    api = await startContent({ outbox: { limits: { timeoutMs: 1500, allowedHosts: ['127.0.0.1'] }, retryBaseMs: RETRY_BASE_MS, siteOrigin: 'https://news.example' } });
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
    receiver.state.stall = false;
    await api.db('webhook_endpoints').delete();
  });

  const register = async (events: string[], path = '/hook') => {
    const { status, body } = await admin.json('POST', '/api/admin/webhooks', { url: `${receiver.url}${path}`, events });
    expect(status).toBe(201);
    return body as { id: number; secret: string };
  };
  const send = () => api.content.outbox.runOnce();
  const payloads = () => receiver.received.map((request) => JSON.parse(request.body));
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
    api.setNow(now);
  };

  it('refuses an endpoint without a usable address or events, in the admin\'s words', async () => {
    const bad = await admin.json('POST', '/api/admin/webhooks', { url: 'ftp://example.com/x', events: ['article.published'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('網址必須是 http 或 https 開頭的完整網址');
    const none = await admin.json('POST', '/api/admin/webhooks', { url: 'https://example.com/x', events: [] });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('請至少選擇一個事件');
    const unknown = await admin.json('POST', '/api/admin/webhooks', { url: 'https://example.com/x', events: ['article.viewed'] });
    expect(unknown.status).toBe(400);
    const signedOut = await api.get('/api/admin/webhooks');
    expect(signedOut.status).toBe(401);
  });

  it('signs each delivery of a publication, an edit, an unpublication and a deletion; drafts tell no one', async () => {
    const endpoint = await register(['article.published', 'article.updated', 'article.unpublished', 'article.deleted']);
    expect(endpoint.secret.length).toBeGreaterThanOrEqual(32);
    const draft = await admin.createArticle(articleFields({ title: '草稿不通知', status: 'draft' }));
    expect(draft.status).toBe(201);
    expect(await send()).toBe(0);

    const created = await admin.createArticle(articleFields({ title: '比特幣減半', slug: 'halving' }));
    const id = created.body.id as number;
    await send();
    await admin.updateArticle(id, articleFields({ title: '比特幣減半（更新）', slug: 'halving-2024' }));
    await send();
    await admin.updateArticle(id, articleFields({ title: '比特幣減半（更新）', slug: 'halving-2024', status: 'draft' }));
    await send();
    await admin.updateArticle(id, articleFields({ title: '比特幣減半（更新）', slug: 'halving-2024' }));
    await admin.deleteArticle(id);
    await send();
    await admin.deleteArticle(draft.body.id);
    expect(await send()).toBe(0);

    expect(payloads().map((p) => p.event)).toEqual(['article.published', 'article.updated', 'article.unpublished', 'article.published', 'article.deleted']);
    for (const request of receiver.received) {
      expect(verified(request, endpoint.secret)).toBe(true);
      expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(request.headers[WEBHOOK_HEADERS.event]).toBe(JSON.parse(request.body).event);
      expect(request.headers[WEBHOOK_HEADERS.delivery]).toBe(String(JSON.parse(request.body).id));
    }
    expect(verified({ ...receiver.received[0]!, body: receiver.received[0]!.body.replace('halving', 'halvinG') }, endpoint.secret)).toBe(false);
    expect(payloads()[0].article).toEqual({ id, slug: 'halving', title: '比特幣減半', url: 'https://news.example/article/halving', published_at: expect.any(String) });
    expect(payloads()[1].article).toMatchObject({ slug: 'halving-2024', url: 'https://news.example/article/halving-2024', previous_url: 'https://news.example/article/halving' });
  });

  it('sends each endpoint only the events it asked for', async () => {
    await register(['article.published'], '/published-only');
    await register(['article.updated'], '/updated-only');
    const { body } = await admin.createArticle(articleFields({ title: '只要發布' }));
    await admin.updateArticle(body.id, articleFields({ title: '只要發布', slug: body.slug }));
    await send();
    expect(receiver.received.map((r) => `${r.path} ${JSON.parse(r.body).event}`).sort()).toEqual(['/published-only article.published', '/updated-only article.updated']);
  });

  it('retries a failed delivery with a doubling delay and logs every attempt with its answer', async () => {
    const endpoint = await register(['article.published']);
    receiver.state.answer = () => 503;
    await admin.createArticle(articleFields({ title: '稍後再送' }));
    await send();
    let log = (await admin.json('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: 'article.published', status: 'pending' });
    expect(log[0].attempts).toEqual([expect.objectContaining({ status_code: 503, error: 'HTTP 503' })]);
    expect(new Date(log[0].next_attempt_at).getTime() - now.getTime()).toBe(RETRY_BASE_MS);

    expect(await send()).toBe(0); // not due yet
    advance(RETRY_BASE_MS);
    await send(); // second failure: the next delay doubles
    log = (await admin.json('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    expect(new Date(log[0].next_attempt_at).getTime() - now.getTime()).toBe(2 * RETRY_BASE_MS);

    receiver.state.answer = () => 204;
    advance(2 * RETRY_BASE_MS);
    await send();
    log = (await admin.json('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    expect(log[0].status).toBe('delivered');
    expect(log[0].next_attempt_at).toBeNull();
    expect(log[0].attempts.map((a: { status_code: number }) => a.status_code)).toEqual([503, 503, 204]);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.delivery])).size).toBe(1);
  });

  it('gives up once the retry window (a day) has passed', async () => {
    const endpoint = await register(['article.published']);
    receiver.state.answer = () => 500;
    await admin.createArticle(articleFields({ title: '送不到' }));
    await send();
    advance(25 * 60 * 60_000);
    await send();
    const log = (await admin.json('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    expect(log[0].status).toBe('failed');
    expect(log[0].attempts).toHaveLength(2);
    advance(25 * 60 * 60_000);
    expect(await send()).toBe(0);
    // Finished deliveries leave the log after 30 days.
    advance(31 * 24 * 60 * 60_000);
    await send();
    expect((await admin.json('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).body.deliveries).toEqual([]);
  });

  it('stops waiting at the timeout and logs why', async () => {
    const endpoint = await register(['article.published']);
    receiver.state.stall = true;
    await admin.createArticle(articleFields({ title: '對方沒回應' }));
    const started = Date.now();
    await send();
    expect(Date.now() - started).toBeLessThan(5000);
    const log = (await admin.json('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    expect(log[0].attempts[0]).toMatchObject({ status_code: null, error: '接收端回應逾時' });
  });

  it('refuses private and loopback addresses unless the operator allows the host', async () => {
    const endpoint = await register(['article.published']);
    await admin.createArticle(articleFields({ title: '內部位址' }));
    const audit = new AuditRepository(api.db, 'c');
    const strict = new OutboxWorker(new OutboxRepository(api.db), new WebhooksRepository(api.db, audit), { limits: { timeoutMs: 1500, allowedHosts: [] }, retryBaseMs: RETRY_BASE_MS, retryWindowMs: 86_400_000 }, silent, () => now);
    expect(await strict.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const log = (await admin.json('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    expect(log[0].attempts[0]).toMatchObject({ status_code: null, error: '拒絕連線到內部位址（127.0.0.1）' });
  });

  it('refuses, when saved, a private or loopback address the operator has not allowed, in the admin\'s words', async () => {
    const port = new URL(receiver.url).port;
    for (const [url, host] of [['http://10.1.2.3/hook', '10.1.2.3'], ['http://169.254.169.254/latest', '169.254.169.254'], [`http://localhost:${port}/hook`, 'localhost'], ['http://[::1]/hook', '[::1]']]) {
      const created = await admin.json('POST', '/api/admin/webhooks', { url, events: ['article.published'] });
      expect({ url, status: created.status, body: created.body }).toEqual({ url, status: 400, body: { error: `無法使用這個網址：拒絕連線到內部位址（${host}）`, field: 'url' } });
    }
    const endpoint = await register(['article.published']);
    const moved = await admin.json('PUT', `/api/admin/webhooks/${endpoint.id}`, { url: 'http://192.168.1.20/hook', events: ['article.published'], enabled: true });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe('無法使用這個網址：拒絕連線到內部位址（192.168.1.20）');
    expect((await admin.json('GET', '/api/admin/webhooks')).body.endpoints.map((e: { url: string }) => e.url)).toEqual([`${receiver.url}/hook`]);
  });

  it('refuses a name that resolves to loopback, checked on the address connected to', async () => {
    const port = new URL(receiver.url).port;
    // Saved while its name pointed elsewhere (DNS answers change): the delivery checks again.
    const [{ id }] = await api.db('webhook_endpoints').insert({ url: `http://localhost:${port}/hook`, events: ['article.published'], secret: 'a-secret-of-sixteen', enabled: true }).returning('id');
    const body = { id };
    await admin.createArticle(articleFields({ title: '名稱指向本機' }));
    await send();
    expect(receiver.received).toHaveLength(0);
    const log = (await admin.json('GET', `/api/admin/webhooks/${body.id}/deliveries`)).body.deliveries;
    expect(log[0].attempts[0]).toMatchObject({ status_code: null, error: '拒絕連線到內部位址（localhost）' });
  });

  it('follows no redirect: a 3xx is a failed attempt', async () => {
    const endpoint = await register(['article.published']);
    receiver.state.answer = () => 302;
    await admin.createArticle(articleFields({ title: '轉址不跟' }));
    await send();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
    const log = (await admin.json('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).body.deliveries;
    expect(log[0]).toMatchObject({ status: 'pending', attempts: [expect.objectContaining({ status_code: 302, error: 'HTTP 302' })] });
  });

  it('sends a test delivery on request, whatever events the endpoint wants', async () => {
    const endpoint = await register(['article.deleted']);
    const answer = await admin.json('POST', `/api/admin/webhooks/${endpoint.id}/test`);
    expect(answer.status).toBe(202);
    await send();
    expect(payloads().map((p) => p.event)).toEqual(['webhook.test']);
    expect(verified(receiver.received[0]!, endpoint.secret)).toBe(true);
    expect((await admin.json('POST', '/api/admin/webhooks/999999/test')).status).toBe(404);
  });

  it('tells of a settings change as site.changed', async () => {
    await register(['site.changed']);
    const saved = await admin.json('PUT', '/api/settings/admin', { site_title: '新站名' });
    expect(saved.status).toBe(200);
    await send();
    expect(payloads().map((p) => p.event)).toEqual(['site.changed']);
  });

  it('tells of a category created, changed or deleted as site.changed, and of nothing for a refused write', async () => {
    await register(['site.changed']);
    const created = await admin.json('POST', '/api/categories/admin', { name: '新分類' });
    expect(created.status).toBe(201);
    const renamed = await admin.json('PUT', `/api/categories/admin/${created.body.id}`, { ...created.body, name: '新分類改名' });
    expect(renamed.status).toBe(200);
    const stale = await admin.json('PUT', `/api/categories/admin/${created.body.id}`, { ...created.body, name: '舊版本的修改' });
    expect(stale.status).toBe(409);
    expect((await admin.json('DELETE', `/api/categories/admin/${created.body.id}`)).status).toBe(200);
    await send();
    expect(payloads().map((p) => p.event)).toEqual(['site.changed', 'site.changed', 'site.changed']);
  });

  it('updates and deletes an endpoint, keeping its secret unless a new one is given; the audit log records each', async () => {
    const endpoint = await register(['article.published']);
    const updated = await admin.json('PUT', `/api/admin/webhooks/${endpoint.id}`, { url: `${receiver.url}/moved`, events: ['article.updated'], enabled: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ url: `${receiver.url}/moved`, events: ['article.updated'], enabled: false });
    expect(await api.db('webhook_endpoints').where({ id: endpoint.id }).first('secret')).toEqual({ secret: endpoint.secret });
    const { body } = await admin.createArticle(articleFields({ title: '停用中' }));
    await admin.updateArticle(body.id, articleFields({ title: '停用中', slug: body.slug }));
    expect(await send()).toBe(0);
    expect((await admin.json('DELETE', `/api/admin/webhooks/${endpoint.id}`)).status).toBe(200);
    expect((await admin.json('GET', '/api/admin/webhooks')).body.endpoints).toEqual([]);
    const actions = (await api.db('audit_events').where('subject_id', endpoint.id).where('action', 'like', 'webhook.%').orderBy('id').select('action')).map((row: { action: string }) => row.action);
    expect(actions).toEqual(['webhook.create', 'webhook.update', 'webhook.delete']);
  });

  it('tells of an article saved as published with a time to come once, when the time comes, with replicas racing', async () => {
    const endpoint = await register(['article.published', 'article.updated']);
    const due = new Date(now.getTime() + 120_000);
    const { body } = await admin.createArticle(articleFields({ title: '已發布但未到時間', status: 'published', published_at: due.toISOString() }));
    expect(body.status).toBe('published');
    expect(await api.content.scheduler.tick()).toEqual([]);
    expect(await send()).toBe(0);
    // Edited while it waits: still nothing told, still waiting.
    await admin.updateArticle(body.id, articleFields({ title: '已發布但未到時間（修改）', status: 'published', published_at: due.toISOString(), slug: body.slug }));
    expect(await send()).toBe(0);
    advance(121_000);
    const audit = new AuditRepository(api.db, 'c');
    const replica = new PublishScheduler(new ScheduledRepository(api.db, audit, new ChangeOutbox(new OutboxRepository(api.db), 'https://news.example', () => now)), async () => {}, silent, () => now);
    const [mine, theirs] = await Promise.all([api.content.scheduler.tick(), replica.tick()]);
    expect(mine.length + theirs.length).toBe(1);
    expect(await api.content.scheduler.tick()).toEqual([]);
    await send();
    expect(payloads().map((p) => `${p.event} ${p.article.title}`)).toEqual(['article.published 已發布但未到時間（修改）']);
    expect(await api.db('outbox_messages').where({ endpoint_id: endpoint.id }).count<{ n: string }[]>('* as n').then((r) => Number(r[0]!.n))).toBe(1);
  });

  it('fires a scheduled publication exactly once, with replicas racing and after a restart', async () => {
    const endpoint = await register(['article.published']);
    const due = new Date(now.getTime() + 60_000);
    const { body } = await admin.createArticle(articleFields({ title: '排程文章', status: 'scheduled', published_at: due.toISOString() }));
    expect(body.status).toBe('scheduled');
    expect(await send()).toBe(0);
    advance(61_000);
    // Two replicas' schedulers with their own outboxes on the same database.
    const audit = new AuditRepository(api.db, 'c');
    const replica = () => new PublishScheduler(new ScheduledRepository(api.db, audit, new ChangeOutbox(new OutboxRepository(api.db), 'https://news.example', () => now)), async () => {}, silent, () => now);
    const [a, b] = await Promise.all([replica().tick(), replica().tick(), api.content.scheduler.tick()]);
    expect(a.length + b.length).toBeLessThanOrEqual(1);
    expect(await api.db('outbox_messages').where({ endpoint_id: endpoint.id }).count<{ n: string }[]>('* as n').then((r) => Number(r[0]!.n))).toBe(1);

    // The process that claimed it dies mid-send: nothing was recorded, the lease holds it…
    const outbox = new OutboxRepository(api.db);
    const claimed = await outbox.claim('webhook', now, new Date(now.getTime() + 30_000), 10);
    expect(claimed).toHaveLength(1);
    expect(await send()).toBe(0);
    // …until it ends; then the restarted service sends it, once.
    advance(30_001);
    const restarted = new OutboxWorker(outbox, new WebhooksRepository(api.db, audit), { limits: { timeoutMs: 1500, allowedHosts: ['127.0.0.1'] }, retryBaseMs: RETRY_BASE_MS, retryWindowMs: 86_400_000 }, silent, () => now);
    expect(await restarted.runOnce()).toBe(1);
    expect(await restarted.runOnce()).toBe(0);
    expect(await send()).toBe(0);
    expect(payloads().map((p) => `${p.event} ${p.article.title}`)).toEqual(['article.published 排程文章']);
  });

  it('shows the secret once, when made and when made again, and never in a list or an update', async () => {
    const created = await admin.json('POST', '/api/admin/webhooks', { url: `${receiver.url}/hook`, events: ['article.published'] });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const listed = (await admin.json('GET', '/api/admin/webhooks')).body.endpoints;
    expect(listed).toEqual([{ id: created.body.id, url: `${receiver.url}/hook`, events: ['article.published'], enabled: true, created_at: expect.any(String) }]);
    const updated = await admin.json('PUT', `/api/admin/webhooks/${created.body.id}`, { url: `${receiver.url}/hook`, events: ['article.published'], enabled: true });
    expect(updated.body).not.toHaveProperty('secret');

    const again = await admin.json('POST', `/api/admin/webhooks/${created.body.id}/secret`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: created.body.id, secret: expect.stringMatching(/^whsec_/) });
    expect(again.body.secret).not.toBe(created.body.secret);
    expect(JSON.stringify((await admin.json('GET', '/api/admin/webhooks')).body)).not.toContain('whsec_');
    // Deliveries are signed with the new one from now on.
    expect((await admin.json('POST', `/api/admin/webhooks/${created.body.id}/test`)).status).toBe(202);
    await send();
    expect(verified(receiver.received[0]!, again.body.secret)).toBe(true);
    expect(verified(receiver.received[0]!, created.body.secret)).toBe(false);
    expect((await admin.json('POST', '/api/admin/webhooks/999999/secret')).status).toBe(404);
    const actions = (await api.db('audit_events').where('subject_id', created.body.id).where('action', 'like', 'webhook.%').orderBy('id').select('action')).map((row: { action: string }) => row.action);
    expect(actions).toEqual(['webhook.create', 'webhook.update', 'webhook.secret']);
  });

  it('keeps no query string (a token the receiver reads) in the audit log', async () => {
    const url = `${receiver.url}/hook?token=receiver-secret-123&x=1`;
    const created = await admin.json('POST', '/api/admin/webhooks', { url, events: ['article.published'] });
    expect(created.status).toBe(201);
    await admin.json('PUT', `/api/admin/webhooks/${created.body.id}`, { url: `${url}&y=2`, events: ['article.published'], enabled: true });
    await admin.json('DELETE', `/api/admin/webhooks/${created.body.id}`);
    const summaries = (await api.db('audit_events').where('subject_id', created.body.id).where('action', 'like', 'webhook.%').orderBy('id').select('summary')).map((row: { summary: string }) => row.summary);
    expect(summaries).toEqual([`${receiver.url}/hook?…`, `${receiver.url}/hook?…`, `${receiver.url}/hook?…`]);
  });

  it('delivers to a good receiver at once while another never answers', async () => {
    const silentReceiver = await startReceiver();
    silentReceiver.state.stall = true;
    const audit = new AuditRepository(api.db, 'c');
    // The worker as main.ts runs it (its own loop), with a deadline long enough to see whether anything waits on it.
    const worker = new OutboxWorker(new OutboxRepository(api.db), new WebhooksRepository(api.db, audit), { limits: { timeoutMs: 6000, allowedHosts: ['127.0.0.1'] }, retryBaseMs: RETRY_BASE_MS, retryWindowMs: 86_400_000 }, silent, () => now);
    try {
      await admin.json('POST', '/api/admin/webhooks', { url: `${silentReceiver.url}/never`, events: ['article.published'] });
      const good = await register(['article.published']);
      await admin.createArticle(articleFields({ title: '一個不回應' }));
      worker.start();
      const arrived = async (count: number, at = receiver) => {
        const started = Date.now();
        while (at.received.length < count && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
        return Date.now() - started;
      };
      expect(await arrived(1)).toBeLessThan(1500);
      // Both were called at once: the silent one's request may land a moment after the good one's answer.
      expect(await arrived(1, silentReceiver)).toBeLessThan(1500);
      expect(silentReceiver.received).toHaveLength(1);
      // A second delivery while the first is still unanswered at the other receiver.
      expect((await admin.json('POST', `/api/admin/webhooks/${good.id}/test`)).status).toBe(202);
      worker.nudge();
      expect(await arrived(2)).toBeLessThan(1500);
      expect(payloads().map((p) => p.event)).toEqual(['article.published', 'webhook.test']);
    } finally {
      await silentReceiver.close();
      await worker.stop();
    }
  });
});
