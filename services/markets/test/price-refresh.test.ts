import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ticker } from '@coinmag/contracts';
import { startMarketsTest, type MarketsTest } from './support/markets-harness.js';

let t: MarketsTest;
beforeEach(async () => {
  t = await startMarketsTest();
  t.standIn.prices.set('bitcoin', 3_000_000);
  t.standIn.prices.set('ethereum', 100_000);
});
afterEach(async () => t.close());

const ticker = async (): Promise<Ticker> => (await t.api.fetch('/api/markets/ticker')).json() as Promise<Ticker>;
const states = async () => new Map((await t.store.readStates()).map((state) => [state.name, state]));

describe('refreshing prices from the providers', () => {
  it('keeps CoinGecko’s TWD and USD prices as the snapshot the ticker answers from', async () => {
    expect((await ticker()).coins).toEqual([]);
    expect(await t.replica().refresher.refresh()).toBe('refreshed');
    const { coins } = await ticker();
    expect(coins.map((coin) => coin.symbol)).toEqual(['btc', 'eth', 'usdt', 'sol']);
    expect(coins[0]).toMatchObject({ symbol: 'btc', name: '比特幣', twd: 3_000_000 });
    expect(coins[0]!.usd).toBeCloseTo(3_000_000 / 32.4, 0);
    expect((await t.store.read())!.quotes.every((quote) => quote.provider === 'coingecko')).toBe(true);
    expect(t.standIn.requests.max).toBe(0);
  });

  it('asks MAX when CoinGecko fails, and leaves CoinGecko alone until its backoff ends', async () => {
    t.standIn.setMode('coingecko', 'error');
    const replica = t.replica();
    expect(await replica.refresher.refresh()).toBe('refreshed');
    const snapshot = (await t.store.read())!;
    expect(snapshot.quotes.map((quote) => quote.provider)).toEqual(['max', 'max', 'max', 'max']);
    expect(snapshot.quotes.find((quote) => quote.symbol === 'btc')!.twd).toBe(3_000_000);
    const coingecko = (await states()).get('coingecko')!;
    expect(coingecko.failures).toBe(1);
    expect(coingecko.lastError).toMatch(/500/);
    expect(coingecko.nextTryAt).toBeGreaterThan(Date.now() + 20_000);

    const asked = t.standIn.requests.coingecko;
    await replica.refresher.refresh();
    expect(t.standIn.requests.coingecko).toBe(asked);
    expect((await states()).get('max')!.lastSuccessAt).toBeDefined();
  });

  it('waits out a 429’s Retry-After before asking that provider again', async () => {
    t.standIn.setMode('coingecko', 'rate-limited', 900);
    await t.replica().refresher.refresh();
    const coingecko = (await states()).get('coingecko')!;
    expect(coingecko.lastError).toMatch(/429/);
    expect(coingecko.nextTryAt).toBeGreaterThanOrEqual(Date.now() + 890_000);
    expect((await ticker()).coins).toHaveLength(4);
  });

  it('refuses a malformed answer, logs it and keeps the last good snapshot', async () => {
    const replica = t.replica();
    await replica.refresher.refresh();
    t.standIn.setMode('coingecko', 'malformed');
    t.standIn.setMode('max', 'malformed');
    t.standIn.prices.set('bitcoin', 1);
    expect(await replica.refresher.refresh()).toBe('no-prices');
    expect((await ticker()).coins[0]).toMatchObject({ symbol: 'btc', twd: 3_000_000 });
    const refused = t.recorded.lines.filter((line) => line.msg === 'provider answer refused; the last good prices stay');
    expect(refused.map((line) => line.provider).sort()).toEqual(['coingecko', 'max']);
  });

  it('keeps serving the last snapshot while both providers are down', async () => {
    const replica = t.replica();
    await replica.refresher.refresh();
    t.standIn.setMode('coingecko', 'down');
    t.standIn.setMode('max', 'down');
    expect(await replica.refresher.refresh()).toBe('no-prices');
    const answer = await t.api.fetch('/api/markets/ticker');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as Ticker).coins).toHaveLength(4);
  });
});

describe('a total outage', () => {
  it('asks the providers again each refresh while none prices anything, so prices return one refresh after they answer', async () => {
    const replica = t.replica();
    await replica.refresher.refresh();
    t.standIn.setMode('coingecko', 'error');
    t.standIn.setMode('max', 'down');
    for (let i = 0; i < 4; i += 1) expect(await replica.refresher.refresh()).toBe('no-prices');
    const during = await states();
    expect(during.get('coingecko')!.failures).toBe(4);
    // Backing off for minutes by now; a total outage is probed anyway.
    expect(during.get('coingecko')!.nextTryAt).toBeGreaterThan(Date.now() + 200_000);
    t.standIn.setMode('coingecko', 'ok');
    t.standIn.prices.set('bitcoin', 3_100_000);
    expect(await replica.refresher.refresh()).toBe('refreshed');
    expect((await ticker()).coins[0]).toMatchObject({ symbol: 'btc', twd: 3_100_000 });
    expect((await states()).get('coingecko')!.failures).toBe(0);
  });

  it('still waits out a Retry-After while the other provider is down', async () => {
    const replica = t.replica();
    t.standIn.setMode('coingecko', 'rate-limited', 900);
    t.standIn.setMode('max', 'down');
    expect(await replica.refresher.refresh()).toBe('no-prices');
    const asked = { ...t.standIn.requests };
    expect(await replica.refresher.refresh()).toBe('no-prices');
    expect(t.standIn.requests.coingecko).toBe(asked.coingecko);
    expect(t.standIn.requests.max).toBeGreaterThan(asked.max);
  });
});

describe('one fetching replica at a time', () => {
  it('lets only the lease holder fetch, and another replica take over once the holder stops renewing', async () => {
    // Long enough that a refresh (with its first history backfill) on a loaded machine ends well inside it.
    const first = t.replica({ leaseMs: 3_000 });
    const second = t.replica({ leaseMs: 3_000 });
    expect(await first.refresher.refresh()).toBe('refreshed');
    expect(await second.refresher.refresh()).toBe('not-leader');
    // The first replica dies: it renews no more, and its lease runs out.
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    expect(await second.refresher.refresh()).toBe('refreshed');
    expect(await first.refresher.refresh()).toBe('not-leader');
  });
});
