// The markets service on the swarm, pointed at the price providers' stand-in service
// (test/swarm/standins.yml): the ticker and a coin page through the edge with the stand-in's
// prices, then the task holding the fetch lease SIGKILLed: another replica takes the fetching over
// once the lease expires (MARKETS_LEASE_MS, set short for the test), and the snapshot's time moves on.
import assert from 'node:assert/strict';
import { TICKER_HTML_PATH } from '../../packages/contracts/src/ticker-slot.js';
import type { Checks } from '../compose/journey.js';
import { sleep } from '../compose/shell.js';
import { heldTwd, tickerOfHeldPrices } from '../standins/held-prices.js';
import { PRICE_PROVIDER_PORT } from '../standins/ports.js';
import { askEveryGateway } from './admin.js';
import type { Swarm } from './swarm.js';

/** The markets settings the test deploys with: a refresh every 5 s, a lease of 15 s. */
export const MARKETS_TIMING = { MARKETS_REFRESH_MS: '5000', MARKETS_LEASE_MS: '15000' };
/** A dead fetcher's lease expires within MARKETS_LEASE_MS; the next refresh of another replica (≤ MARKETS_REFRESH_MS) takes it. */
const TAKEN_OVER_WITHIN_MS = Number(MARKETS_TIMING.MARKETS_LEASE_MS) + 2 * Number(MARKETS_TIMING.MARKETS_REFRESH_MS) + 5_000;
/**
 * From the stack converged to prices in every gateway: the price stand-in's task may start after
 * the markets tasks, whose refreshes then fail; a total outage is asked again at every refresh, and
 * a gateway without prices asks markets every second.
 */
const FIRST_PRICES_WITHIN_MS = 3 * Number(MARKETS_TIMING.MARKETS_REFRESH_MS) + 10_000;

const node = (script: string) => ['node', '-e', `${script}.then(async (r) => process.stdout.write(await r.text()), (e) => { console.error(e.message); process.exit(1); })`];

/** The address that asked the stand-in last, and when (the fetching replica). */
function lastRequest(swarm: Swarm): { address: string; at: number } {
  const provider = swarm.containers('price-provider')[0];
  assert.ok(provider, 'no price-provider task');
  const answer = JSON.parse(swarm.exec(provider, node(`fetch('http://127.0.0.1:${PRICE_PROVIDER_PORT}/__stand-in/last-request')`))) as { address?: string; at?: number };
  return { address: (answer.address ?? '').replace(/^::ffff:/, ''), at: answer.at ?? 0 };
}

/** The markets tasks running now, each with its addresses. */
function marketsTasks(swarm: Swarm): Array<{ container: string; addresses: string[] }> {
  return swarm.containers('markets').map((container) => ({
    container,
    addresses: swarm.docker(['inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}', container], { quiet: true }).trim().split(/\s+/).filter(Boolean),
  }));
}

/** The snapshot's time (its newest quote) as a markets task answers it from Redis. */
function snapshotTime(swarm: Swarm, container: string): number {
  const ticker = JSON.parse(swarm.exec(container, node("fetch('http://127.0.0.1:4004/api/markets/ticker')"))) as { coins: Array<{ at: string }> };
  assert.ok(ticker.coins.length > 0, 'the snapshot has no coins');
  return Math.max(...ticker.coins.map((coin) => Date.parse(coin.at)));
}

export async function pricesOnTheSwarm(swarm: Swarm, checks: Checks, baseUrl: string): Promise<void> {
  await checks.check(`the first prices fetched from the stand-in are in every gateway within ${FIRST_PRICES_WITHIN_MS / 1000} s of the stack converging`, async () => {
    const started = Date.now();
    for (;;) {
      const answers = askEveryGateway(swarm, TICKER_HTML_PATH);
      assert.equal(answers.length, 2, 'two gateway tasks');
      if (answers.every((answer) => answer.status === 200)) break;
      if (Date.now() - started > FIRST_PRICES_WITHIN_MS) {
        const asked = lastRequest(swarm);
        assert.fail(`no ticker in ${answers.filter((a) => a.status !== 200).map((a) => `gateway ${a.container} (${a.status})`).join(', ')}; the stand-in was last asked ${asked.at ? `by ${asked.address} at ${new Date(asked.at).toISOString()}` : 'never'}\n${swarm.logs('markets', 20)}`);
      }
      await sleep(1000);
    }
    process.stdout.write(`swarm:   prices in every gateway ${((Date.now() - started) / 1000).toFixed(1)} s after the stack converged\n`);
  });
  await checks.check('through the edge: the home page carries the ticker with the price stand-in’s prices, and a coin page answers 200 with its price', async () => {
    const home = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(20_000) });
    assert.equal(home.status, 200);
    const ticker = tickerOfHeldPrices(await home.text());
    assert.deepEqual(ticker.problems, []);
    const symbol = ticker.symbols.includes('btc') ? 'btc' : ticker.symbols[0]!;
    const coin = await fetch(`${baseUrl}/coin/${symbol}`, { signal: AbortSignal.timeout(20_000) });
    assert.equal(coin.status, 200, `/coin/${symbol}`);
    assert.ok((await coin.text()).includes(heldTwd(symbol)), `/coin/${symbol} does not show ${heldTwd(symbol)}`);
  });

  await checks.check(`the markets task holding the fetch lease SIGKILLed: another replica fetches within ${TAKEN_OVER_WITHIN_MS / 1000} s, and the snapshot's time moves on`, async () => {
    const tasks = marketsTasks(swarm);
    assert.equal(tasks.length, 2, 'two markets tasks');
    const asked = lastRequest(swarm);
    assert.ok(Date.now() - asked.at < 3 * Number(MARKETS_TIMING.MARKETS_REFRESH_MS), `the stand-in was last asked ${Date.now() - asked.at} ms ago: nothing is fetching`);
    const holder = tasks.find((task) => task.addresses.includes(asked.address));
    assert.ok(holder, `the stand-in was asked by ${asked.address}, which is no markets task (${tasks.map((t) => t.addresses.join(' ')).join('; ')})`);
    const survivor = tasks.find((task) => task !== holder)!;
    swarm.docker(['kill', '--signal', 'SIGKILL', holder.container]);
    const killedAt = Date.now();
    process.stdout.write(`swarm:   ${new Date(killedAt).toISOString()} SIGKILL the fetching markets task ${holder.container.slice(0, 12)} (${asked.address})\n`);
    for (;;) {
      const now = lastRequest(swarm);
      // The killed task asks nothing more: whoever asked since is another replica.
      const fresh = now.at > killedAt ? snapshotTime(swarm, survivor.container) : 0;
      if (fresh > killedAt) {
        process.stdout.write(`swarm:   fetching taken over by ${now.address} ${((now.at - killedAt) / 1000).toFixed(1)} s after the kill; the snapshot's time ${new Date(fresh).toISOString()}\n`);
        break;
      }
      assert.ok(Date.now() - killedAt < TAKEN_OVER_WITHIN_MS, `${TAKEN_OVER_WITHIN_MS / 1000} s after the kill: the stand-in was last asked by ${now.address} at ${new Date(now.at).toISOString()}`);
      await sleep(1000);
    }
  });
}
