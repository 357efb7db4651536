// The markets service in the compose stack, pointed at the price providers' stand-in container
// (test/compose/standins.yml): the ticker every page carries and a coin page, through the gateway,
// with the stand-in's held prices exactly.
import assert from 'node:assert/strict';
import { heldTwd, tickerOfHeldPrices } from '../standins/held-prices.js';
import type { Checks, Journey } from './journey.js';

export async function pricesThroughTheGateway(journey: Journey, checks: Checks): Promise<void> {
  let symbols: string[] = [];
  await checks.check('the home page through the gateway carries the ticker with the price stand-in’s prices (TWD, USD, 24 h change)', async () => {
    const res = await journey.get('/');
    assert.equal(res.status, 200);
    const ticker = tickerOfHeldPrices(await res.text());
    assert.deepEqual(ticker.problems, []);
    symbols = ticker.symbols;
  });
  await checks.check('a coin page of the ticker answers 200, server-rendered with its price', async () => {
    const symbol = symbols.includes('btc') ? 'btc' : symbols[0]!;
    const res = await journey.get(`/coin/${symbol}`);
    assert.equal(res.status, 200, `/coin/${symbol}`);
    const html = await res.text();
    const root = /<div id="root">([\s\S]*?)<script id="coinmag-boot"/.exec(html)?.[1];
    assert.ok(root, `/coin/${symbol} was not server-rendered`);
    assert.ok(root.includes(heldTwd(symbol)), `/coin/${symbol} does not show ${heldTwd(symbol)}`);
  });
}
