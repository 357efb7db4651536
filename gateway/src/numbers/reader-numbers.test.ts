import { describe, expect, it } from 'vitest';
import { READER_NUMBERS_TALLY_MAX } from '@coinmag/contracts';
import { readerEvent, type AnsweredRequest } from './reader-events.js';
import { ReaderTally } from './reader-tally.js';

const READER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const answered = (over: Partial<AnsweredRequest>): AnsweredRequest => ({ method: 'GET', path: '/', querystring: '', status: 200, userAgent: READER, referer: undefined, ...over });

describe('readerEvent', () => {
  it('takes the first page of a search by its normalised term', () => {
    expect(readerEvent(answered({ path: '/search', querystring: `q=${encodeURIComponent('  ＢＴＣ   ETF ')}` }))).toEqual({ search: 'btc etf' });
    expect(readerEvent(answered({ path: '/search', querystring: 'q=eth&page=1' }))).toEqual({ search: 'eth' });
    expect(readerEvent(answered({ path: '/search', querystring: 'q=eth&page=2' }))).toBeUndefined();
    expect(readerEvent(answered({ path: '/search', querystring: 'q=%20%20' }))).toBeUndefined();
    expect(readerEvent(answered({ path: '/search', querystring: 'q=eth', method: 'HEAD' }))).toBeUndefined();
  });

  it('bounds a term to 64 characters', () => {
    const event = readerEvent(answered({ path: '/search', querystring: `q=${'幣'.repeat(500)}` }));
    expect(event).toEqual({ search: '幣'.repeat(64) });
  });

  it('takes a 404 of a public page by path and referring host', () => {
    expect(readerEvent(answered({ status: 404, path: '/Old//Post/', referer: 'https://M.Facebook.com:443/story.php?id=1' }))).toEqual({ missing: { path: '/old/post', host: 'm.facebook.com' } });
    expect(readerEvent(answered({ status: 404, path: '/舊文章' }))).toEqual({ missing: { path: '/舊文章', host: '' } });
  });

  it('leaves robots, probes, files and other areas aside', () => {
    for (const userAgent of [undefined, '', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'curl/8.5', 'python-requests/2.31']) {
      expect(readerEvent(answered({ status: 404, path: '/old', userAgent }))).toBeUndefined();
    }
    for (const path of ['/wp-login.php', '/xmlrpc.php', '/.env', '/favicon.png', '/api/articles/x', '/mf/shell/x', '/uploads/a', '/admin/x', '/internal/x']) {
      expect(readerEvent(answered({ status: 404, path }))).toBeUndefined();
    }
    expect(readerEvent(answered({ status: 500, path: '/old' }))).toBeUndefined();
    expect(readerEvent(answered({ status: 200, path: '/old' }))).toBeUndefined();
  });
});

describe('ReaderTally', () => {
  it('counts by key, hands everything over once, and takes a failed hand-over back', () => {
    const tally = new ReaderTally();
    tally.add({ search: 'btc' });
    tally.add({ search: 'btc' });
    tally.add({ missing: { path: '/a', host: 't.me' } });
    const batch = tally.take();
    expect(batch).toEqual({ searches: [{ term: 'btc', count: 2 }], missing: [{ path: '/a', referrer_host: 't.me', count: 1 }], redirected: [] });
    expect(tally.empty).toBe(true);
    tally.add({ search: 'btc' });
    tally.putBack(batch);
    expect(tally.take().searches).toEqual([{ term: 'btc', count: 3 }]);
  });

  it('holds at most READER_NUMBERS_TALLY_MAX keys, still counting the ones it holds', () => {
    const tally = new ReaderTally();
    for (let i = 0; i <= READER_NUMBERS_TALLY_MAX; i += 1) tally.add({ search: `t${i}` });
    tally.add({ search: 't0' });
    expect(tally.dropped).toBe(1);
    const batch = tally.take();
    expect(batch.searches).toHaveLength(READER_NUMBERS_TALLY_MAX);
    expect(batch.searches[0]).toEqual({ term: 't0', count: 2 });
  });
});
