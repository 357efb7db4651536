import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_BEACONS_PATH, type ViewBeaconItem } from '@coinmag/contracts';
import { FORWARDING_SECRET_HEADER } from '@coinmag/service-kit';
import { RedisViewStore } from '@coinmag/views';
import { RedisStore } from '../src/cache/redis-store.js';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

// The gateway hands beacons over in batches: each must be answered and counted exactly as the
// single route answers and counts it alone.
const SECRET = 'the-gateway-proves-itself';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let readers = 0;
const reader = (): Pick<ViewBeaconItem, 'address' | 'userAgent'> => {
  readers += 1;
  return { address: `10.9.${(readers >> 8) & 255}.${readers & 255}`, userAgent: `batched-reader-${readers}` };
};

describe('view beacons in batches', () => {
  let api: ContentHarness;
  const batch = (beacons: unknown[], headers: Record<string, string> = { [FORWARDING_SECRET_HEADER]: SECRET }) =>
    api.get(VIEW_BEACONS_PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ beacons }) });
  const single = (slug: string, pv: string, from: Pick<ViewBeaconItem, 'address' | 'userAgent'>) =>
    api.get(`/api/articles/${slug}/views?pv=${pv}`, { method: 'POST', headers: { [FORWARDING_SECRET_HEADER]: SECRET, 'x-forwarded-for': from.address, 'user-agent': from.userAgent } });
  const viewCount = async (slug: string) => Number((await api.db('articles').where({ slug }).first('view_count')).view_count);

  beforeAll(async () => {
    // The stores as createStores makes them: the counting one auto-pipelined (a batch's beacons in one script call).
    const prefix = `cm-test:${randomUUID()}:`;
    api = await startContent({
      forwardingSecret: SECRET,
      store: new RedisStore({ url: REDIS_URL, prefix, commandTimeoutMs: 100 }),
      counterStore: RedisViewStore.open({ url: REDIS_URL, prefix, commandTimeoutMs: 2000, autoPipelining: true }),
    });
    for (const slug of ['batched-a', 'batched-b', 'capped']) await insertArticle(api.db, { slug });
    await api.db('articles').update({ view_count: 0 });
  });
  afterAll(() => api.close());

  it('answers each beacon of a batch as the single route answers it, and counts each counted one once', async () => {
    const pv = randomUUID();
    const first = reader();
    const answers = await batch([
      { slug: 'batched-a', pv, ...first },
      // The same page view again in the same batch: answered as counted, counted once.
      { slug: 'batched-a', pv, ...first },
      { slug: 'batched-b', pv: randomUUID(), ...reader() },
      { slug: 'batched-b', ...reader() },
      { slug: 'no-such-article', pv: randomUUID(), ...reader() },
      { slug: 'batched-a', pv: 'not-a-uuid', ...reader() },
      { slug: 'batched-a', pv: randomUUID(), address: 42 },
    ]);
    expect(answers.status).toBe(200);
    expect(answers.headers.get('cache-control')).toBe('no-store');
    const [a1, a2, b1, b2, missing, badPv, malformed] = answers.body.answers;
    expect([a1.body, a2.body]).toEqual([{ view_count: 1, counted: true }, { view_count: 1, counted: true }]);
    // Two new readers of one article at once: each counted, the counts they see are 1 and 2.
    expect([b1, b2].every((answer) => answer.status === 200 && answer.body.counted)).toBe(true);
    expect([b1.body.view_count, b2.body.view_count].sort()).toEqual([1, 2]);
    // The errors the single route gives, word for word.
    const aloneMissing = await single('no-such-article', randomUUID(), reader());
    const aloneBadPv = await single('batched-a', 'not-a-uuid', reader());
    expect(missing).toEqual({ status: aloneMissing.status, body: aloneMissing.body });
    expect(missing.status).toBe(404);
    expect(badPv).toEqual({ status: aloneBadPv.status, body: aloneBadPv.body });
    expect(badPv.status).toBe(400);
    expect(malformed).toEqual({ status: 400, body: { error: '瀏覽紀錄格式不正確' } });

    // The count a batch answers goes on where the single route's left off, and Postgres gets each view once.
    const next = await single('batched-b', randomUUID(), reader());
    expect(next.body).toEqual({ view_count: 3, counted: true });
    await api.content.views.flush();
    expect(await viewCount('batched-a')).toBe(1);
    expect(await viewCount('batched-b')).toBe(3);
  });

  it('believes the addresses only from the gateway: anyone else is one address, under its limits', async () => {
    const beacons = Array.from({ length: 30 }, () => ({ slug: 'capped', pv: randomUUID(), ...reader() }));
    const stranger = await batch(beacons.slice(0, 15), { [FORWARDING_SECRET_HEADER]: 'a-guess' });
    const strangerAgain = await batch(beacons.slice(15), {});
    const counted = [...stranger.body.answers, ...strangerAgain.body.answers].filter((answer: { body: { counted: boolean } }) => answer.body.counted).length;
    // All thirty came from one address (the caller's own): no more than 20 readers per address and window.
    expect(counted).toBe(20);

    const fromGateway = await batch(Array.from({ length: 30 }, () => ({ slug: 'capped', pv: randomUUID(), ...reader() })));
    expect(fromGateway.body.answers.every((answer: { body: { counted: boolean } }) => answer.body.counted)).toBe(true);
    await api.content.views.flush();
    expect(await viewCount('capped')).toBe(50);
  });

  it('refuses a batch that is not one, or too large, as a whole', async () => {
    expect((await batch([])).status).toBe(400);
    expect((await batch(Array.from({ length: 257 }, () => ({ slug: 'batched-a', ...reader() })))).status).toBe(400);
    const notJson = await api.get(VIEW_BEACONS_PATH, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'beacons' });
    expect(notJson.status).toBe(400);
  });
});
