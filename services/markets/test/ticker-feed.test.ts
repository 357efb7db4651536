import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { TickerFeed } from '../../../gateway/src/markets/ticker-feed.js';
import { TICKER_HOLE_BYTES } from '../../../gateway/src/markets/page-ticker.js';
import { startMarketsTest, type MarketsTest } from './support/markets-harness.js';

// The gateway's ticker feed against the real markets service (its stand-in providers behind it).

let t: MarketsTest;
beforeAll(async () => {
  t = await startMarketsTest();
  t.standIn.prices.set('bitcoin', 3_100_000);
});
afterAll(async () => t.close());

describe('the ticker the gateway writes into pages', () => {
  it('is left out (spaces) while the service has no snapshot, then shows the prices once it has', async () => {
    const feed = new TickerFeed({ marketsUrls: [t.api.url], log: pino({ level: 'silent' }) });
    await feed.refresh();
    expect(feed.hole().toString()).toBe(' '.repeat(TICKER_HOLE_BYTES));

    await t.replica().refresher.refresh();
    await feed.refresh();
    const html = feed.hole().toString();
    expect(feed.hole().length).toBe(TICKER_HOLE_BYTES);
    expect(html).toContain('<a href="/coin/btc"><b>BTC</b> NT$3,100,000');
    expect(html).toContain('價格僅供參考，不構成投資建議');
    expect(html).not.toContain('資料時間');
  });

  it('keeps the last ticker, with its time, when the service cannot be reached', async () => {
    const feed = new TickerFeed({ marketsUrls: [t.api.url], log: pino({ level: 'silent' }) });
    await feed.refresh();
    const unreachable = new TickerFeed({ marketsUrls: ['http://127.0.0.1:9'], log: pino({ level: 'silent' }) });
    await unreachable.refresh();
    expect(unreachable.hole().toString().trim()).toBe('');
    // Three minutes later, with the service gone: the prices stay and say when they were taken.
    const later = Date.now() + 3 * 60_000;
    await t.api.close();
    await feed.refresh(later);
    expect(feed.hole().toString()).toContain('NT$3,100,000');
    expect(feed.hole().toString()).toMatch(/資料時間 \d\d:\d\d/);
  });
});
