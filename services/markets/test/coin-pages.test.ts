import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoinDetail, MarketsAdminState, PriceSince, Ticker } from '@coinmag/contracts';
import { startMarketsTest, type MarketsTest } from './support/markets-harness.js';

let t: MarketsTest;
beforeAll(async () => {
  t = await startMarketsTest();
  // The first refresh prices every coin and fills bitcoin's 90 days from the history endpoint.
  await t.replica().refresher.refresh();
});
afterAll(async () => t.close());

describe('a coin’s history and page', () => {
  it('answers the price at an article’s publication from the filled history, and the price now', async () => {
    const published = Date.now() - 30 * 86_400_000;
    const answer = (await (await t.api.fetch(`/api/markets/coins/btc/price-at?at=${new Date(published).toISOString()}`)).json()) as PriceSince;
    expect(answer.then).not.toBeNull();
    expect(Math.abs(Date.parse(answer.then!.at) - published)).toBeLessThan(2 * 3_600_000);
    const expected = t.standIn.prices.twdAt('bitcoin', Date.parse(answer.then!.at))!;
    expect(Math.abs(answer.then!.twd / expected - 1)).toBeLessThan(0.01);
    expect(answer.now?.symbol).toBe('btc');
  });

  it('gives the coin page 7 days of hourly and 90 days of daily closes and the 7-day change', async () => {
    const detail = (await (await t.api.fetch('/api/markets/coins/btc')).json()) as CoinDetail;
    expect(detail).toMatchObject({ symbol: 'btc', name: '比特幣', tag: '比特幣' });
    expect(detail.week.length).toBeGreaterThanOrEqual(7 * 24 - 1);
    expect(detail.quarter.length).toBeGreaterThanOrEqual(89);
    expect(detail.change7d).toEqual(expect.any(Number));
  });

  it('answers 404 for a coin that is not priced and 400 for a symbol that cannot be one', async () => {
    expect((await t.api.fetch('/api/markets/coins/zzz')).status).toBe(404);
    expect((await t.api.fetch('/api/markets/coins/%3Cscript%3E')).status).toBe(400);
    expect((await t.api.fetch('/api/markets/coins/btc/price-at?at=yesterday')).status).toBe(400);
  });
});

describe('行情設定', () => {
  const admin = () => ({ authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' });

  it('orders the ticker and maps a coin to a tag, for the admin only', async () => {
    const body = JSON.stringify({ ticker: ['eth', 'btc'], tags: { eth: '以太坊生態' } });
    expect((await t.api.fetch('/api/admin/markets/settings', { method: 'PUT', body, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    const saved = await t.api.fetch('/api/admin/markets/settings', { method: 'PUT', body, headers: admin() });
    expect(saved.status).toBe(200);
    const ticker = (await (await t.api.fetch('/api/markets/ticker')).json()) as Ticker;
    expect(ticker.coins.map((coin) => coin.symbol)).toEqual(['eth', 'btc']);
    const detail = (await (await t.api.fetch('/api/markets/coins/eth')).json()) as CoinDetail;
    expect(detail.tag).toBe('以太坊生態');
  });

  it('shows each provider’s state and the snapshot’s time', async () => {
    const state = (await (await t.api.fetch('/api/admin/markets', { headers: admin() })).json()) as MarketsAdminState;
    expect(state.providers.map((provider) => provider.name)).toEqual(['coingecko', 'max']);
    expect(state.providers[0]!.lastSuccessAt).not.toBeNull();
    expect(state.snapshotAt).not.toBeNull();
  });

  it('refuses a coin that is not priced', async () => {
    const answer = await t.api.fetch('/api/admin/markets/settings', { method: 'PUT', body: JSON.stringify({ ticker: ['zzz'], tags: {} }), headers: admin() });
    expect(answer.status).toBe(400);
  });
});
