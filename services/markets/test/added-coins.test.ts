import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CoinDetail, CoinSearchAnswer, MarketsAdminState, Ticker } from '@coinmag/contracts';
import { MAX_ADDED_COINS } from '../src/prices/markets.service.js';
import { CoinListCache } from '../src/providers/coin-list.js';
import { startMarketsTest, type MarketsTest } from './support/markets-harness.js';

let t: MarketsTest;
beforeEach(async () => {
  t = await startMarketsTest();
});
afterEach(async () => t.close());

const admin = () => ({ authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' });
const search = (q: string, headers: Record<string, string> = admin()) => t.api.fetch(`/api/admin/markets/coins/search?q=${encodeURIComponent(q)}`, { headers });
const add = (id: unknown) => t.api.fetch('/api/admin/markets/coins', { method: 'POST', body: JSON.stringify({ id }), headers: admin() });
const ticker = async () => ((await (await t.api.fetch('/api/markets/ticker')).json()) as Ticker).coins.map((coin) => coin.symbol);

describe('searching the provider’s coin list (行情設定)', () => {
  it('finds coins by symbol or name, case-insensitively, the exact symbol first, at most 20, for the admin only', async () => {
    expect((await search('link', {})).status).toBe(401);
    const bySymbol = (await (await search('BTC')).json()) as CoinSearchAnswer;
    expect(bySymbol.results.slice(0, 3).map((coin) => coin.id).sort()).toEqual(['batcat', 'bitcoin', 'osmosis-allbtc']);
    expect(bySymbol.results.find((coin) => coin.id === 'bitcoin')!.priced).toBe(true);
    expect(bySymbol.results.find((coin) => coin.id === 'batcat')!.priced).toBe(false);
    const byName = (await (await search('chainLINK')).json()) as CoinSearchAnswer;
    expect(byName.results[0]).toEqual({ id: 'chainlink', symbol: 'link', name: 'Chainlink', priced: false });
    const many = (await (await search('stand-in token')).json()) as CoinSearchAnswer;
    expect(many.results).toHaveLength(20);
    const nothing = (await (await search('zzzqqq')).json()) as CoinSearchAnswer;
    expect(nothing.results).toEqual([]);
  });

  it('fetches the list once for many searches, and refuses an empty or overlong query', async () => {
    await search('link');
    const asked = t.standIn.requests.coingecko;
    for (const q of ['l', 'li', 'lin', 'link']) expect((await search(q)).status).toBe(200);
    expect(t.standIn.requests.coingecko).toBe(asked);
    const empty = await search('  ');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('請輸入幣種名稱或代號');
    expect((await search('x'.repeat(61))).status).toBe(400);
  });

  it('refuses a malformed or oversized list, logs it, and keeps searching the last good one', async () => {
    await t.coinList.refresh();
    t.standIn.setMode('coingecko', 'malformed');
    await expect(t.coinList.refresh()).rejects.toThrow(/coins\/list/);
    t.standIn.setMode('coingecko', 'ok');
    t.standIn.setCoinListSize('oversized');
    await expect(t.coinList.refresh()).rejects.toThrow(/coins\/list/);
    const refused = t.recorded.lines.filter((line) => line.msg === 'coin list refused; the last good list stays');
    expect(refused).toHaveLength(2);
    const found = (await (await search('link')).json()) as CoinSearchAnswer;
    expect(found.results[0]!.id).toBe('chainlink');
    expect((await search('flood')).status).toBe(200);
    expect(((await (await search('flood')).json()) as CoinSearchAnswer).results).toEqual([]);
  });

  it('answers 503 in Chinese when no list could be had at all', async () => {
    t.standIn.setMode('coingecko', 'error');
    const answer = await search('link');
    expect(answer.status).toBe(503);
    expect(JSON.stringify(await answer.json())).toContain('暫時無法取得幣種清單');
  });
});

describe('adding and removing a coin', () => {
  it('prices an added coin at once, puts it in the ticker when saved, gives it a coin page, and the refresher keeps pricing it', async () => {
    const replica = t.replica();
    await replica.refresher.refresh();
    const added = await add('chainlink');
    expect(added.status).toBe(201);
    const state = (await added.json()) as MarketsAdminState;
    expect(state.catalogue.find((coin) => coin.symbol === 'link')).toMatchObject({ name: 'Chainlink', providerId: 'chainlink', added: true, inTicker: false, tag: 'link' });

    const saved = await t.api.fetch('/api/admin/markets/settings', { method: 'PUT', body: JSON.stringify({ ticker: ['btc', 'link'], tags: {} }), headers: admin() });
    expect(saved.status).toBe(200);
    expect(await ticker()).toEqual(['btc', 'link']);
    const page = (await (await t.api.fetch('/api/markets/coins/link')).json()) as CoinDetail;
    expect(page).toMatchObject({ symbol: 'link', name: 'Chainlink', tag: 'link' });
    expect(page.quote!.twd).toBe(t.standIn.prices.twdAt('chainlink', Date.now()));

    t.standIn.prices.set('chainlink', 555.5);
    expect(await replica.refresher.refresh()).toBe('refreshed');
    const quote = (await t.store.read())!.quotes.find((candidate) => candidate.symbol === 'link');
    expect(quote).toMatchObject({ twd: 555.5, provider: 'coingecko' });
  });

  it('keeps a coin added while a refresh was asking the providers', async () => {
    const replica = t.replica();
    await replica.refresher.refresh();
    await t.coinList.refresh();
    // The refresh reads the priced coins, then the admin adds one before it writes the snapshot.
    const all = t.pricedCoins.all.bind(t.pricedCoins);
    let reads = 0;
    t.pricedCoins.all = async () => {
      const coins = await all();
      reads += 1;
      if (reads === 1) expect((await add('near')).status).toBe(201);
      return coins;
    };
    expect(await replica.refresher.refresh()).toBe('refreshed');
    expect((await t.store.read())!.quotes.some((quote) => quote.symbol === 'near')).toBe(true);
  });

  it('refuses a second coin with a symbol already priced, naming the coin that has it', async () => {
    const answer = await add('batcat');
    expect(answer.status).toBe(409);
    expect(JSON.stringify(await answer.json())).toContain('代號 BTC 已由「比特幣」使用');
    expect((await add('bitcoin')).status).toBe(409);
  });

  it('refuses a coin the list lacks, a symbol that cannot be a path, and a malformed id', async () => {
    const unknown = await add('no-such-coin');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('幣種清單中沒有這個幣種');
    const plus = await add('usd-plus');
    expect(plus.status).toBe(400);
    expect(JSON.stringify(await plus.json())).toContain('無法作為網址');
    expect((await add('<script>')).status).toBe(400);
    expect((await add(42)).status).toBe(400);
    const extra = await t.api.fetch('/api/admin/markets/coins', { method: 'POST', body: JSON.stringify({ id: 'near', symbol: 'x' }), headers: admin() });
    expect(extra.status).toBe(400);
  });

  it('refuses a coin no provider can price now, and keeps it out', async () => {
    t.standIn.setMode('max', 'down');
    await t.coinList.refresh();
    t.standIn.setMode('coingecko', 'error');
    const answer = await add('near');
    expect(answer.status).toBe(503);
    expect(JSON.stringify(await answer.json())).toContain('目前無法取得「NEAR Protocol」的價格');
    expect((await t.pricedCoins.all()).some((coin) => coin.symbol === 'near')).toBe(false);
  });

  it('removes an added coin from pricing, the ticker and the coin pages; a configured coin is only taken off the ticker', async () => {
    const replica = t.replica();
    await replica.refresher.refresh();
    await add('uniswap');
    await t.api.fetch('/api/admin/markets/settings', { method: 'PUT', body: JSON.stringify({ ticker: ['uni', 'eth'], tags: { uni: 'uniswap' } }), headers: admin() });
    const removed = await t.api.fetch('/api/admin/markets/coins/uni', { method: 'DELETE', headers: admin() });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as MarketsAdminState).catalogue.some((coin) => coin.symbol === 'uni')).toBe(false);
    expect(await ticker()).toEqual(['eth']);
    expect((await t.api.fetch('/api/markets/coins/uni')).status).toBe(404);
    expect(await t.history.oldestHour('uni')).toBeUndefined();
    expect(await replica.refresher.refresh()).toBe('refreshed');
    expect((await t.store.read())!.quotes.some((quote) => quote.symbol === 'uni')).toBe(false);
    // The symbol is free again: the other `uni` can be added now.
    expect((await add('unicorn-token')).status).toBe(201);

    const configured = await t.api.fetch('/api/admin/markets/coins/btc', { method: 'DELETE', headers: admin() });
    expect(configured.status).toBe(400);
    expect((await t.api.fetch('/api/admin/markets/coins/zzz', { method: 'DELETE', headers: admin() })).status).toBe(404);
  });
});

describe('how many coins can be added', () => {
  it('refuses the 51st added coin', async () => {
    const ids = (await t.coinList.current())!.filter((coin) => coin.id.startsWith('stand-in-token-')).slice(0, MAX_ADDED_COINS).map((coin) => coin.id);
    for (const id of ids) await t.db('added_coins').insert({ symbol: id.replace('stand-in-token-', 'sit'), provider_id: id, name: id });
    const answer = await add('chainlink');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain('最多只能自行加入 50 個幣種');
  });
});

describe('keeping the coin list', () => {
  it('fetches the list again after a day, not before, and after a failure waits 10 minutes before trying again', async () => {
    let now = Date.UTC(2026, 10, 27, 8);
    const list = new CoinListCache(t.standIn.coingeckoUrl, 10_000, t.recorded.log, () => now);
    const asked = () => t.standIn.requests.coingecko;
    const start = asked();
    await list.search('btc');
    now += 23 * 3_600_000;
    await list.search('eth');
    expect(asked()).toBe(start + 1);
    now += 3_600_000;
    t.standIn.setMode('coingecko', 'error');
    expect((await list.search('link'))![0]!.id).toBe('chainlink');
    expect(asked()).toBe(start + 2);
    now += 5 * 60_000;
    await list.search('link');
    expect(asked()).toBe(start + 2);
    t.standIn.setMode('coingecko', 'ok');
    now += 5 * 60_000;
    await list.search('link');
    expect(asked()).toBe(start + 3);
    now += 60_000;
    await list.search('link');
    expect(asked()).toBe(start + 3);
  });
});
