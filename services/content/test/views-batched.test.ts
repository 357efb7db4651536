import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_BATCHES_PATH, VIEW_BEACONS_PATH, type ViewBeaconItem } from '@coinmag/contracts';
import { FORWARDING_SECRET_HEADER } from '@coinmag/service-kit';
import { bucketField, RedisViewStore, viewBatchName } from '@coinmag/views';
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
    for (const slug of ['batched-a', 'batched-b', 'capped', 'sourced', 'handed', 'rolled', 'demoed']) await insertArticle(api.db, { slug });
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

  const bucketsOf = async (slug: string) => {
    const rows = await api.db('view_hours').join('articles', 'articles.id', 'view_hours.article_id').where('articles.slug', slug)
      .select('source_kind', 'host', 'device', 'views').orderBy(['source_kind', 'host', 'device']);
    return (rows as Array<{ source_kind: string; host: string; device: string; views: string }>).map((row) => `${row.source_kind} ${row.host} ${row.device} ${Number(row.views)}`);
  };

  it('puts each counted view, and only counted ones, in its hour by source and device: the host checked, garbage and this site\'s own taken as direct', async () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
    const tablet = 'Mozilla/5.0 (Linux; Android 13; SM-X710) Chrome/120.0 Safari/537.36';
    const repeat = reader();
    const answers = await batch([
      { slug: 'sourced', pv: randomUUID(), ...reader(), userAgent: phone, referrer: 'l.facebook.com' },
      { slug: 'sourced', pv: randomUUID(), ...reader(), userAgent: `${phone} 2`, referrer: 'www.google.com.tw' },
      { slug: 'sourced', pv: randomUUID(), ...repeat, referrer: 'news.example.com' },
      // The same reader again: not counted, so in no bucket.
      { slug: 'sourced', pv: randomUUID(), ...repeat, referrer: 'news.example.com' },
      { slug: 'sourced', pv: randomUUID(), ...reader(), userAgent: tablet, referrer: 'not a host/at all' },
    ]);
    expect(answers.body.answers.map((answer: { body: { counted: boolean } }) => answer.body.counted)).toEqual([true, true, true, false, true]);
    const from = reader();
    const own = await api.get(`/api/articles/sourced/views?pv=${randomUUID()}&r=${encodeURIComponent('127.0.0.1')}`, { method: 'POST', headers: { [FORWARDING_SECRET_HEADER]: SECRET, 'x-forwarded-for': from.address, 'user-agent': from.userAgent } });
    const other = reader();
    const garbage = await api.get(`/api/articles/sourced/views?pv=${randomUUID()}&r=${encodeURIComponent('https://t.me/some/path?q=1')}`, { method: 'POST', headers: { [FORWARDING_SECRET_HEADER]: SECRET, 'x-forwarded-for': other.address, 'user-agent': other.userAgent } });
    expect([own.status, own.body.counted, garbage.status, garbage.body.counted]).toEqual([200, true, 200, true]);
    await api.content.views.flush();
    expect(await viewCount('sourced')).toBe(6);
    expect(await bucketsOf('sourced')).toEqual([
      'direct  desktop 2',
      'direct  tablet 1',
      'search www.google.com.tw phone 1',
      'site news.example.com desktop 1',
      'social l.facebook.com phone 1',
    ]);
    const hours = await api.db('view_hours').join('articles', 'articles.id', 'view_hours.article_id').where('articles.slug', 'sourced').distinct('hour');
    expect(hours).toHaveLength(1);
    expect(Date.now() - new Date(hours[0].hour).getTime()).toBeLessThan(3_600_000 + 60_000);
  });

  it('applies a gateway\'s buckets with its counts once, however often handed over; refuses a malformed bucket whole', async () => {
    const id = (await api.db('articles').where({ slug: 'handed' }).first('id')).id as number;
    const now = Date.now();
    const name = viewBatchName(now, randomUUID(), 1);
    const bucket = bucketField(id, now, 'social', 'phone', 't.me');
    const handOver = (counts: Record<string, number>, buckets: Record<string, number>, headers: Record<string, string> = { [FORWARDING_SECRET_HEADER]: SECRET }) =>
      api.get(VIEW_BATCHES_PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ batches: [{ name, counts, buckets }] }) });
    expect((await handOver({ [id]: 3 }, { [bucket]: 3 })).status).toBe(200);
    expect((await handOver({ [id]: 3 }, { [bucket]: 3 })).status).toBe(200);
    // The same batch grown (the gateway counted more before it could hand it over): only the difference.
    expect((await handOver({ [id]: 5 }, { [bucket]: 5 })).status).toBe(200);
    expect(await viewCount('handed')).toBe(5);
    expect(await bucketsOf('handed')).toEqual(['social t.me phone 5']);
    for (const bad of [`b|1|${id}|social|phone|`, `b|1|${id}|direct|phone|t.me`, `b|1|${id}|social|phone|T.ME`, 'views']) {
      expect((await handOver({ [id]: 6 }, { [bad]: 1 })).status).toBe(400);
    }
    expect((await handOver({ [id]: 9 }, { [bucket]: 9 }, {})).status).toBe(403);
    expect(await viewCount('handed')).toBe(5);
  });

  it('rolls hourly buckets older than the retention into their Taipei days, whole days only, once', async () => {
    const id = (await api.db('articles').where({ slug: 'rolled' }).first('id')).id as number;
    const row = (hour: string, views: number, demo = false) => ({ hour: new Date(hour), article_id: id, source_kind: 'search', host: 'www.google.com', device: 'phone', views, demo });
    await api.db('view_hours').insert([
      // 2026-08-01 in Taipei: 15:00 UTC the day before is its first hour, 15:59 UTC its last.
      row('2026-07-31T16:00:00Z', 2), row('2026-08-01T15:00:00Z', 3, true), row('2026-08-01T16:00:00Z', 4),
      // Kept hourly: after the cutoff.
      row('2026-11-20T05:00:00Z', 7),
    ]);
    // Now is 2026-11-02 10:00 Taipei; 90 days before its day begins 2026-08-04 00:00 Taipei.
    const moved = await api.content.views.rollUpHours(90, new Date('2026-11-02T02:00:00Z'));
    expect(moved).toBe(3);
    const days = await api.db('view_days').where({ article_id: id }).orderBy('day').select(api.db.raw(`to_char(day, 'YYYY-MM-DD') as day`), 'views', 'demo');
    // The demo's made-up views stay apart from the real ones in the day too.
    expect(days.map((day: { day: string; views: string; demo: boolean }) => [day.day, Number(day.views), day.demo])).toEqual([['2026-08-01', 2, false], ['2026-08-01', 3, true], ['2026-08-02', 4, false]]);
    expect(Number((await api.db('view_hours').where({ article_id: id }).count<{ count: string }[]>({ count: '*' }).first())!.count)).toBe(1);
    // Run again: nothing more moves, nothing is added twice.
    expect(await api.content.views.rollUpHours(90, new Date('2026-11-02T02:00:00Z'))).toBe(0);
    expect(Number((await api.db('view_days').where({ article_id: id }).sum({ views: 'views' }).first())!.views)).toBe(9);
  });

  it('keeps a real view apart from the demo history of its hour: the demo rows keep their figures and their mark', async () => {
    const id = (await api.db('articles').where({ slug: 'demoed' }).first('id')).id as number;
    const now = Date.now();
    const hour = new Date(Math.floor(now / 3_600_000) * 3_600_000);
    const demoRow = (at: Date, views: number) => ({ hour: at, article_id: id, source_kind: 'social', host: 'line.me', device: 'phone', views, demo: true });
    await api.db('view_hours').insert([demoRow(hour, 40), demoRow(new Date(hour.getTime() - 3_600_000), 30)]);
    const name = viewBatchName(now, randomUUID(), 1);
    const handed = await api.get(VIEW_BATCHES_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [FORWARDING_SECRET_HEADER]: SECRET },
      body: JSON.stringify({ batches: [{ name, counts: { [id]: 1 }, buckets: { [bucketField(id, now, 'social', 'phone', 'line.me')]: 1 } }] }),
    });
    expect(handed.status).toBe(200);
    const rows = await api.db('view_hours').where({ article_id: id }).orderBy([{ column: 'hour' }, { column: 'demo' }]).select('hour', 'views', 'demo');
    expect(rows.map((row: { hour: Date; views: string; demo: boolean }) => [row.hour.getTime() - hour.getTime(), Number(row.views), row.demo])).toEqual([
      [-3_600_000, 30, true],
      [0, 1, false],
      [0, 40, true],
    ]);
    // Clearing the demo history takes every made-up view and no counted one.
    await api.db('view_hours').where({ article_id: id, demo: true }).delete();
    expect(Number((await api.db('view_hours').where({ article_id: id }).sum({ views: 'views' }).first())!.views)).toBe(1);
  });

  it('refuses a batch that is not one, or too large, as a whole', async () => {
    expect((await batch([])).status).toBe(400);
    expect((await batch(Array.from({ length: 257 }, () => ({ slug: 'batched-a', ...reader() })))).status).toBe(400);
    const notJson = await api.get(VIEW_BEACONS_PATH, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'beacons' });
    expect(notJson.status).toBe(400);
  });
});
