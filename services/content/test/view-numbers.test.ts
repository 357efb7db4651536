import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { insertArticle, startContent, type ContentHarness } from './content-harness.js';
import { seedDemoViews } from '../src/seed/seed-demo-views.js';

type Bucket = { article_id: number; source_kind?: string; host?: string; device?: string; views: number; demo?: boolean };
const hour = (db: Knex, at: string, rows: Bucket[]) =>
  db('view_hours').insert(rows.map((row) => ({ hour: at, source_kind: 'direct', host: '', device: 'phone', demo: false, ...row })));
const day = (db: Knex, at: string, rows: Bucket[]) =>
  db('view_days').insert(rows.map((row) => ({ day: at, source_kind: 'direct', host: '', device: 'phone', demo: false, ...row })));

// 11:30 on Friday 27 November 2026 in Taipei.
const NOW = new Date('2026-11-27T03:30:00Z');

describe('the editor\'s view charts: periods, Taipei buckets, zero-filling and the 90-day seam', () => {
  let api: ContentHarness;
  let old: number;
  let fresh: number;
  let draft: number;
  const admin = async (path: string) => api.get(path, { headers: { authorization: `Bearer ${api.token}` } });
  const views = async (query: string) => {
    const answer = await admin(`/api/admin/numbers/views${query}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    api = await startContent();
    api.setNow(NOW);
    old = (await insertArticle(api.db, { slug: 'old-one', title: '舊文章', published_at: new Date('2026-03-10T02:00:00Z') })).id;
    fresh = (await insertArticle(api.db, { slug: 'fresh-one', title: '新文章', published_at: new Date('2026-11-26T10:20:00Z') })).id;
    draft = (await insertArticle(api.db, { slug: 'draft-one', title: '草稿', status: 'draft', published_at: null })).id;
    // The last 24 hours run from 12:00 on the 26th (04:00 UTC) to this hour, 11:00 on the 27th.
    await hour(api.db, '2026-11-26T03:00:00Z', [{ article_id: old, views: 100 }]); // 11:00 on the 26th: 25 hours ago
    await hour(api.db, '2026-11-26T04:00:00Z', [{ article_id: old, views: 2 }]);
    await hour(api.db, '2026-11-26T10:00:00Z', [
      { article_id: fresh, source_kind: 'social', host: 'line.me', device: 'phone', views: 4 },
      { article_id: fresh, source_kind: 'social', host: 'lin.ee', device: 'tablet', views: 1 },
      { article_id: fresh, source_kind: 'social', host: 'l.facebook.com', device: 'desktop', views: 3 },
      { article_id: fresh, source_kind: 'social', host: 'm.facebook.com', device: 'phone', views: 1 },
    ]);
    // 23:00 on the 26th and 00:00 on the 27th in Taipei: one hour apart, two days apart.
    await hour(api.db, '2026-11-26T15:00:00Z', [{ article_id: fresh, source_kind: 'search', host: 'www.google.com', views: 4 }]);
    await hour(api.db, '2026-11-26T16:00:00Z', [
      { article_id: fresh, source_kind: 'search', host: 'www.bing.com', device: 'desktop', views: 2 },
      { article_id: old, source_kind: 'site', host: 'news.cnyes.com', views: 7 },
    ]);
    await hour(api.db, '2026-11-27T03:00:00Z', [{ article_id: old, views: 1 }]);
    // 30 Taipei days: 29 October to 27 November. The 28th is outside; the 29th's first hour (16:00 UTC on the 28th) is in.
    await hour(api.db, '2026-10-28T15:00:00Z', [{ article_id: old, views: 50 }]);
    await hour(api.db, '2026-10-28T16:00:00Z', [{ article_id: old, views: 3 }]);
    // Older than 90 days: summed into its Taipei day. 30 August was rolled only in part (its first
    // hours still in view_hours), which the reads must add, not double.
    await day(api.db, '2026-08-20', [{ article_id: old, views: 40 }]);
    await day(api.db, '2026-08-30', [{ article_id: old, views: 11 }]);
    await hour(api.db, '2026-08-30T14:00:00Z', [{ article_id: old, views: 6 }]);
    // 12 Taipei months: December 2025 to November 2026. 30 November 2025 is outside.
    await day(api.db, '2025-11-30', [{ article_id: old, views: 1000 }]);
    await day(api.db, '2025-12-01', [{ article_id: old, views: 9 }]);
  });
  afterAll(() => api.close());

  it('answers the last 24 hours hour by hour, zero-filled, in whole hours', async () => {
    const body = await views('?period=24h');
    expect(body).toMatchObject({ period: '24h', from: '2026-11-26T04:00:00.000Z', to: NOW.toISOString(), demo: false });
    expect(body.series.granularity).toBe('hour');
    expect(body.series.points).toHaveLength(24);
    expect(body.series.points[0]).toEqual({ at: '2026-11-26T04:00:00.000Z', views: 2 });
    expect(body.series.points[1]).toEqual({ at: '2026-11-26T05:00:00.000Z', views: 0 });
    expect(body.series.points[23]).toEqual({ at: '2026-11-27T03:00:00.000Z', views: 1 });
    expect(body.total).toBe(2 + 9 + 4 + 9 + 1);
  });

  it('answers 7 days by hour and cuts 30 days at Taipei midnight', async () => {
    const week = await views('?period=7d');
    expect(week.series.points).toHaveLength(168);
    expect(week.total).toBe(100 + 2 + 9 + 4 + 9 + 1);
    const month = await views('?period=30d');
    expect(month.series.granularity).toBe('day');
    expect(month.series.points).toHaveLength(30);
    expect(month.series.points[0]).toEqual({ at: '2026-10-29', views: 3 });
    const byDay = Object.fromEntries(month.series.points.map((p: { at: string; views: number }) => [p.at, p.views]));
    expect(byDay['2026-11-26']).toBe(100 + 2 + 9 + 4);
    expect(byDay['2026-11-27']).toBe(9 + 1);
    expect(byDay['2026-11-01']).toBe(0);
    expect(month.total).toBe(3 + 115 + 10);
  });

  it('adds the daily rows older than 90 days to the hourly ones for 12 months', async () => {
    const year = await views('?period=12m');
    expect(year.from).toBe('2025-11-30T16:00:00.000Z');
    expect(year.series.granularity).toBe('month');
    expect(year.series.points.map((p: { at: string }) => p.at)).toEqual([
      '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
    ]);
    const byMonth = Object.fromEntries(year.series.points.map((p: { at: string; views: number }) => [p.at, p.views]));
    expect(byMonth['2025-12']).toBe(9);
    expect(byMonth['2026-08']).toBe(40 + 11 + 6);
    expect(byMonth['2026-09']).toBe(0);
    expect(byMonth['2026-10']).toBe(50 + 3);
    expect(byMonth['2026-11']).toBe(115 + 10);
    expect(year.total).toBe(9 + 57 + 53 + 125);
  });

  it('ranks the period\'s articles, each with a sparkline over the same buckets', async () => {
    const body = await views('?period=24h&limit=5');
    expect(body.top_articles.map((a: { slug: string; views: number }) => [a.slug, a.views])).toEqual([['fresh-one', 15], ['old-one', 10]]);
    const freshLine = body.top_articles[0].sparkline as number[];
    expect(freshLine).toHaveLength(24);
    expect(freshLine[6]).toBe(9); // 10:00 UTC
    expect(freshLine[11]).toBe(4);
    expect(freshLine.reduce((a, b) => a + b, 0)).toBe(15);
    expect((await views('?period=24h&limit=1')).top_articles).toHaveLength(1);
  });

  it('groups sources: search engines as one, social hosts by network, direct, other sites by host; and splits devices', async () => {
    const body = await views('?period=24h');
    expect(body.sources.kinds).toEqual([
      { kind: 'search', views: 6 }, { kind: 'social', views: 9 }, { kind: 'direct', views: 3 }, { kind: 'site', views: 7 },
    ]);
    expect(body.sources.top).toEqual([
      { kind: 'site', label: 'news.cnyes.com', views: 7 },
      { kind: 'search', label: '搜尋引擎', views: 6 },
      { kind: 'social', label: 'LINE', views: 5 },
      { kind: 'social', label: 'Facebook', views: 4 },
      { kind: 'direct', label: '直接', views: 3 },
    ]);
    expect(body.devices).toEqual([{ device: 'phone', views: 19 }, { device: 'tablet', views: 1 }, { device: 'desktop', views: 5 }]);
  });

  it('answers an article hour by hour in its first week, from its publication, with its own sources', async () => {
    const answer = await admin(`/api/admin/numbers/views/articles/${fresh}`);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.article).toMatchObject({ id: fresh, slug: 'fresh-one', title: '新文章', published_at: '2026-11-26T10:20:00.000Z' });
    expect(body.from).toBe('2026-11-26T10:20:00.000Z');
    expect(body.series.granularity).toBe('hour');
    expect(body.series.points).toHaveLength(18);
    expect(body.series.points[0]).toEqual({ at: '2026-11-26T10:00:00.000Z', views: 9 });
    expect(body.total).toBe(15);
    expect(body.sources.kinds).toEqual([{ kind: 'search', views: 6 }, { kind: 'social', views: 9 }, { kind: 'direct', views: 0 }, { kind: 'site', views: 0 }]);
    expect(body.devices).toEqual([{ device: 'phone', views: 9 }, { device: 'tablet', views: 1 }, { device: 'desktop', views: 5 }]);
  });

  it('answers an older article day by day since publication, across the seam', async () => {
    const body = (await admin(`/api/admin/numbers/views/articles/${old}`)).body;
    expect(body.series.granularity).toBe('day');
    expect(body.series.points[0]).toEqual({ at: '2026-03-10', views: 0 });
    expect(body.series.points.at(-1)).toEqual({ at: '2026-11-27', views: 8 });
    const byDay = Object.fromEntries(body.series.points.map((p: { at: string; views: number }) => [p.at, p.views]));
    expect(byDay['2026-08-30']).toBe(17);
    expect(body.series.points).toHaveLength(263);
    // The day rows before its publication (30 Nov 2025, 1 Dec 2025) are not its life's.
    expect(body.total).toBe(40 + 17 + 50 + 3 + 100 + 2 + 7 + 1);
  });

  it('answers a draft from its creation with no publication moment', async () => {
    const body = (await admin(`/api/admin/numbers/views/articles/${draft}`)).body;
    expect(body.article.published_at).toBeNull();
    expect(body.total).toBe(0);
    expect(body.series.points.every((p: { views: number }) => p.views === 0)).toBe(true);
  });

  it('refuses a bad period, limit or article, and anyone but the admin', async () => {
    const bad = await admin('/api/admin/numbers/views?period=1d');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('期間必須是 24h、7d、30d、12m 其中之一');
    expect((await admin('/api/admin/numbers/views?limit=0')).body.error).toBe('文章數必須是 1 到 50 的整數');
    expect((await admin('/api/admin/numbers/views?limit=51')).status).toBe(400);
    expect((await admin('/api/admin/numbers/views?period=7d&period=30d')).status).toBe(400);
    expect((await admin('/api/admin/numbers/views?article=1')).status).toBe(400);
    const word = await admin('/api/admin/numbers/views/articles/abc');
    expect(word.status).toBe(400);
    expect(word.body.error).toBe('文章編號必須是正整數');
    expect((await admin('/api/admin/numbers/views/articles/0')).status).toBe(400);
    const missing = await admin('/api/admin/numbers/views/articles/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('文章不存在');
    expect((await api.get('/api/admin/numbers/views')).status).toBe(401);
    expect((await api.get(`/api/admin/numbers/views/articles/${fresh}`)).status).toBe(401);
  });

  it('says when demo rows are among the figures', async () => {
    expect((await views('?period=30d')).demo).toBe(false);
    await hour(api.db, '2026-11-20T05:00:00Z', [{ article_id: old, views: 1, demo: true }]);
    expect((await views('?period=30d')).demo).toBe(true);
    expect((await views('?period=24h')).demo).toBe(false);
    expect((await admin(`/api/admin/numbers/views/articles/${old}`)).body.demo).toBe(true);
  });
});

describe('the demo history of views', () => {
  let api: ContentHarness;
  const slugs = ['what-is-bitcoin', 'blockchain-explained', 'how-to-buy-first-crypto'];

  beforeAll(async () => {
    api = await startContent();
    api.setNow(NOW);
    for (const [index, slug] of slugs.entries()) {
      const { id } = await insertArticle(api.db, { slug, title: slug, published_at: new Date(NOW.getTime() - (3 + index * 20) * 86_400_000) });
      await api.db('articles').where({ id }).update({ view_count: 3000 });
    }
    // Not a demo article: no made-up history.
    await insertArticle(api.db, { slug: 'mine', title: '自己的文章', published_at: new Date('2026-11-01T00:00:00Z') });
  });
  afterAll(() => api.close());

  it('writes hourly demo rows since each publication once, the same for the same moment', async () => {
    const first = await seedDemoViews(api.db, NOW);
    expect(first!.rows).toBeGreaterThan(1000);
    const stored = await api.db('view_hours').select('hour', 'article_id', 'source_kind', 'host', 'device', 'views', 'demo').orderBy(['hour', 'article_id', 'source_kind', 'host', 'device']);
    expect(stored).toHaveLength(first!.rows);
    expect(stored.every((row) => row.demo === true)).toBe(true);
    expect(await seedDemoViews(api.db, NOW)).toBeNull();
    expect(await api.db('view_hours').count({ n: '*' })).toEqual([{ n: first!.rows }]);
    const hours = stored.map((row) => new Date(row.hour).getTime());
    // The oldest article was published 43 days before: its history starts there, not a month back.
    expect(Math.min(...hours)).toBeGreaterThanOrEqual(NOW.getTime() - 43 * 86_400_000 - 3_600_000);
    expect(Math.min(...hours)).toBeLessThan(NOW.getTime() - 42 * 86_400_000);
    expect(Math.max(...hours)).toBeLessThan(Math.floor(NOW.getTime() / 3_600_000) * 3_600_000);
    const mine = await api.db('articles').where({ slug: 'mine' }).first('id');
    expect(stored.some((row) => row.article_id === mine.id)).toBe(false);

    // The same moment makes the same rows.
    await api.db('view_hours').delete();
    await seedDemoViews(api.db, NOW);
    const again = await api.db('view_hours').select('hour', 'article_id', 'source_kind', 'host', 'device', 'views', 'demo').orderBy(['hour', 'article_id', 'source_kind', 'host', 'device']);
    expect(again).toEqual(stored);
  });

  it('looks like readers: a Taipei day\'s rhythm, a spike after publication, mostly phones, search and LINE', async () => {
    const byHour = await api.db.raw(`select extract(hour from hour at time zone 'Asia/Taipei')::int as h, sum(views)::int as v from view_hours group by 1`);
    const at = new Map<number, number>(byHour.rows.map((r: { h: number; v: number }) => [r.h, r.v]));
    expect(at.get(4)! * 4).toBeLessThan(at.get(21)!);
    expect(at.get(12)!).toBeGreaterThan(at.get(4)! * 3);
    const newest = await api.db('articles').where({ slug: 'what-is-bitcoin' }).first('id', 'published_at');
    const spike = await api.db.raw(`select sum(views)::int as v from view_hours where article_id = ? and hour < ?::timestamptz + interval '1 day'`, [newest.id, newest.published_at]);
    const later = await api.db.raw(`select sum(views)::int as v from view_hours where article_id = ? and hour >= ?::timestamptz + interval '1 day' and hour < ?::timestamptz + interval '2 days'`, [newest.id, newest.published_at, newest.published_at]);
    expect(spike.rows[0].v).toBeGreaterThan(later.rows[0].v * 1.5);

    const body = (await api.get('/api/admin/numbers/views?period=30d', { headers: { authorization: `Bearer ${api.token}` } })).body;
    expect(body.demo).toBe(true);
    const devices = Object.fromEntries(body.devices.map((d: { device: string; views: number }) => [d.device, d.views]));
    expect(devices.phone).toBeGreaterThan(devices.desktop);
    expect(devices.desktop).toBeGreaterThan(devices.tablet);
    expect(body.sources.top[0].label).toBe('搜尋引擎');
    expect(body.sources.top.find((s: { kind: string }) => s.kind === 'social').label).toBe('LINE');
    // Each history is scaled to the article's view count: the newest article's month is nearly all of its life.
    const newestTotal = body.top_articles.find((a: { slug: string }) => a.slug === 'what-is-bitcoin').views;
    expect(Math.abs(newestTotal - 3000)).toBeLessThan(300);
    // And an older one's history runs from its publication, so its chart has no made-up gap.
    const oldest = await api.db('articles').where({ slug: 'how-to-buy-first-crypto' }).first('id');
    const life = (await api.get(`/api/admin/numbers/views/articles/${oldest.id}`, { headers: { authorization: `Bearer ${api.token}` } })).body;
    expect(Math.abs(life.total - 3000)).toBeLessThan(300);
    expect(life.series.points.slice(0, 2).every((p: { views: number }) => p.views > 0)).toBe(true);
  });
});
