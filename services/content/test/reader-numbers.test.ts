import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORWARDING_SECRET_HEADER } from '@coinmag/service-kit';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';

const SECRET = 'reader-numbers-test-secret';

describe('the editor\'s numbers: hand-overs, Taipei days, periods and retention', () => {
  let api: ContentHarness;
  const handOver = (body: unknown, secret: string | null = SECRET) =>
    api.get('/internal/reader-numbers', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret ? { [FORWARDING_SECRET_HEADER]: secret } : {}) },
      body: JSON.stringify(body),
    });
  const admin = async (path: string) => (await api.get(path, { headers: { authorization: `Bearer ${api.token}` } })).body;

  beforeAll(async () => {
    api = await startContent({ forwardingSecret: SECRET });
    // Published long before the moments the test sets the clock to.
    await insertArticle(api.db, { slug: 'eth-staking', title: '以太坊質押', content: '<p>質押入門</p>', published_at: new Date('2026-01-01T00:00:00Z') });
  });
  afterAll(() => api.close());

  it('takes a hand-over only on the gateway\'s word', async () => {
    const refused = await handOver({ searches: [{ term: 'x', count: 1 }], missing: [] }, null);
    expect(refused.status).toBe(403);
    expect(await api.db('search_term_days').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('refuses a malformed hand-over', async () => {
    expect((await handOver({ searches: [{ term: 'x', count: -1 }], missing: [] })).status).toBe(400);
    expect((await handOver({ searches: [], missing: [{ path: '/a', referrer_host: 'x', count: 1, ip: '1.2.3.4' }] })).status).toBe(400);
  });

  it('adds each hand-over to the Taipei day it arrives on, normalising terms and paths again', async () => {
    // 23:30 in Taipei on 26 November, then 00:30 on the 27th.
    api.setNow(new Date('2026-11-26T15:30:00Z'));
    expect((await handOver({ searches: [{ term: '以太坊', count: 2 }, { term: 'ＳＯＬ', count: 1 }, { term: 'sol', count: 1 }], missing: [{ path: '/Gone/', referrer_host: 'T.ME', count: 2 }] })).status).toBe(200);
    api.setNow(new Date('2026-11-26T16:30:00Z'));
    expect((await handOver({ searches: [{ term: '以太坊', count: 1 }], missing: [{ path: '/gone', referrer_host: 't.me', count: 1 }] })).status).toBe(200);

    const days = await api.db('search_term_days').select(api.db.raw("to_char(day, 'YYYY-MM-DD') as day"), 'term', 'searches', 'zero_searches').orderBy(['day', 'term']);
    expect(days.map((d) => [d.day, d.term, Number(d.searches), Number(d.zero_searches)])).toEqual([
      ['2026-11-26', 'sol', 2, 2],
      ['2026-11-26', '以太坊', 2, 0],
      ['2026-11-27', '以太坊', 1, 0],
    ]);
    const today = await admin('/api/admin/numbers/searches?period=1');
    expect(today).toMatchObject({ period: '1', from: '2026-11-27', total: 1, zero: [] });
    const week = await admin('/api/admin/numbers/searches?period=7');
    expect(week).toMatchObject({ from: '2026-11-21', total: 5 });
    expect(week.top).toEqual([{ term: '以太坊', searches: 3, zero_searches: 0 }, { term: 'sol', searches: 2, zero_searches: 2 }]);
    expect(week.zero).toEqual([{ term: 'sol', zero_searches: 2 }]);
    const missing = await admin('/api/admin/numbers/missing?period=7');
    expect(missing.paths).toEqual([{ path: '/gone', hits: 3, referrers: [{ host: 't.me', hits: 3 }] }]);
  });

  it('keeps the admin lists to the admin', async () => {
    expect((await api.get('/api/admin/numbers/searches')).status).toBe(401);
    expect((await api.get('/api/admin/numbers/missing?period=2', { headers: { authorization: `Bearer ${api.token}` } })).status).toBe(400);
  });

  it('drops the days past the retention', async () => {
    api.setNow(new Date('2026-12-01T04:00:00Z'));
    // Kept: 1 December back to 27 November (5 days); gone: the 26th.
    expect(await api.content.numbers.prune(5)).toBe(3);
    const left = await api.db('search_term_days').select(api.db.raw("to_char(day, 'YYYY-MM-DD') as day"));
    expect(left.map((d) => d.day)).toEqual(['2026-11-27']);
    expect(await api.db('missing_page_days').count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});
