// The price ticker's figures (docs/benchmarks.md, "Prices"), on the demo site with the providers'
// stand-in moving its prices and the markets service refreshing every 30 s throughout:
// (a) cached article pages with the ticker beside the same pages without it: two gateways on the
//     same services, one with MARKETS_TICKER=off, runs alternated (BENCH_RUNS of each, BENCH_SECONDS
//     long), req/s and each gateway's CPU per 1,000 answers, median (min–max), with the load
//     average; the ticker versions the pages carried; and the article pages' renders (each asks
//     the markets service for its coin list, for the price-since-publication line: counted by the
//     service's /metrics) against the 30 s lifetime of a rendered page: no page is rendered
//     because a price changed;
// (b) the stand-in failing (CoinGecko answering 500, MAX dropping connections) for
//     MARKETS_BENCH_OUTAGE_S (default 600): every page read all along must answer 200 with the
//     ticker, marked 「資料時間 HH:mm」 once its prices are over two minutes old; then the stand-in
//     answers again and the time until the snapshot, and the pages, carry new prices (one refresh).
// Part of `npm run bench` (BENCH_ONLY=markets); the frontends must have been built.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBenchStack } from './bench-stack.js';
import { childResult, spread, withCpu } from './bench-stats.js';
import { BROWSER_ACCEPT_ENCODING } from './html-endpoints.js';
import type { PageMixOptions, PageMixResult } from './page-mix.js';
import { STAND_IN_BASE_TWD } from '../../services/markets/src/stand-in/stand-in-prices.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const OUTAGE_S = Number(process.env.MARKETS_BENCH_OUTAGE_S ?? 600);
const REFRESH_MS = 30_000;
/** A rendered page's lifetime in the gateway's cache (page-cache.ts PAGE_TTL_MS). */
const PAGE_TTL_S = 30;
/** The gateway without the ticker: the ceiling bench's port, free while this suite runs. */
const NO_TICKER_PORT = Number(process.env.BENCH_CEILING_PORT ?? 8189);
const SERVICES_BASE_PORT = Number(process.env.BENCH_SERVICES_BASE_PORT ?? 4880);
const MARKETS_URL = `http://127.0.0.1:${SERVICES_BASE_PORT + 4}`;
/** Read once by every render of an article page (pages/article/price-since.ts), by nothing else here. */
const COIN_LIST_ROUTE = '/api/markets/coins';

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const tickerOf = (html: string) => /<aside class="cm-tk"[\s\S]*?<\/aside>/.exec(html)?.[0];
const ageOf = (ticker: string | undefined) => (ticker ? /資料時間 (\d\d:\d\d)/.exec(ticker)?.[1] : undefined);

/** The markets service's count of coin-list reads: the article pages' renders. */
async function articleRenders(): Promise<number> {
  const text = await (await fetch(`${MARKETS_URL}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) if (line.startsWith('http_requests_total{') && line.includes(`route="${COIN_LIST_ROUTE}"`)) total += Number(line.split(' ').pop());
  return total;
}

async function main() {
  if (!(OUTAGE_S > 0)) throw new Error('MARKETS_BENCH_OUTAGE_S must be a number of seconds');
  const stack = await startBenchStack('markets', { MARKETS_REFRESH_MS: String(REFRESH_MS), MARKETS_STAND_IN: 'true' });
  const failures: string[] = [];
  let mover: NodeJS.Timeout | undefined;
  try {
    const standIn = stack.marketsStandIn;
    if (!standIn) throw new Error('the stack runs no provider stand-in (MARKETS_COINGECKO_URL or MARKETS_MAX_URL set?)');
    const withTicker = { url: stack.url, pid: stack.pids.gateway! };
    const withoutTicker = await stack.startGateway(NO_TICKER_PORT, { MARKETS_TICKER: 'off' });
    const slugs = (await stack.db('content.articles').where({ status: 'published' }).orderBy('published_at', 'desc').pluck('slug')) as string[];
    const paths = slugs.map((slug) => `/article/${encodeURIComponent(slug)}`);

    // The stand-in's prices move by up to 1.5 % every 10 s: every refresh brings new prices.
    let step = 0;
    const move = () => {
      step += 1;
      for (const [id, base] of Object.entries(STAND_IN_BASE_TWD)) if (id !== 'tether') standIn.prices.set(id, Math.round(base * (1 + 0.015 * Math.sin(step + base)) * 100) / 100);
    };
    move();
    mover = setInterval(move, 10_000);

    const page = async (base: string, path: string) => {
      const res = await fetch(base + path);
      return { status: res.status, html: await res.text() };
    };
    for (let waited = 0; !tickerOf((await page(withTicker.url, paths[0]!)).html); waited += 1) {
      if (waited > 90) throw new Error('no ticker in the pages after 90 s');
      await sleep(1000);
    }
    if (tickerOf((await page(withoutTicker.url, paths[0]!)).html)) failures.push('the gateway with MARKETS_TICKER=off writes a ticker');

    // ---- (a) cached pages with and without the ticker, prices refreshing throughout ----
    const tickersSeen = new Set<string>();
    const watcher = setInterval(() => {
      void page(withTicker.url, paths[0]!).then(({ html }) => {
        const ticker = tickerOf(html);
        if (ticker) tickersSeen.add(ticker);
      }, () => undefined);
    }, 2_000);
    const variants = [
      { name: 'with the ticker', gateway: withTicker },
      { name: 'without (MARKETS_TICKER=off)', gateway: withoutTicker },
    ];
    const warm = async (base: string) => {
      let bytes = 0;
      for (const path of paths) {
        await page(base, path);
        for (let tries = 0; tries < 50; tries += 1) {
          const res = await fetch(base + path, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
          await res.arrayBuffer();
          if (res.headers.get('content-encoding') === 'br') {
            bytes += Number(res.headers.get('content-length'));
            break;
          }
          await sleep(100);
        }
      }
      return bytes / paths.length;
    };
    const read = (base: string, seconds: number, minBytes: number) =>
      childResult<PageMixResult>('page-mix.ts', [JSON.stringify({ base, paths, connections: CONNECTIONS, seconds, acceptEncoding: BROWSER_ACCEPT_ENCODING, minBytes } satisfies PageMixOptions)]);
    const runs = new Map(variants.map((variant) => [variant.name, [] as Array<{ rps: number; p99: number; cpu: number | undefined; renders: number; meanBytes: number }>]));
    const loadAtStart = load();
    const began = Date.now();
    for (let run = 0; run < RUNS; run += 1) {
      for (const { name, gateway } of variants) {
        const meanBytes = await warm(gateway.url);
        await read(gateway.url, 2, Math.floor(meanBytes / 4));
        const rendersBefore = await articleRenders();
        const measured = await withCpu({ gateway: gateway.pid }, () => read(gateway.url, SECONDS, Math.floor(meanBytes / 4)), (r) => r.requests);
        const renders = (await articleRenders()) - rendersBefore;
        if (measured.result.errors > 0) failures.push(`${name}, run ${run + 1}: ${measured.result.errors} answers failed`);
        runs.get(name)!.push({ rps: measured.result.rps, p99: measured.result.p99, cpu: measured.cpuPer1000.gateway, renders, meanBytes });
      }
    }
    clearInterval(watcher);
    const elapsedS = (Date.now() - began) / 1000;
    // Every page is cached when a run starts (warmed); one rendered at t is fresh until t + 30 s, so a
    // run renders each page at most once per 30 s. A re-render per price change would add every page again.
    const renderBound = paths.length * Math.ceil(SECONDS / PAGE_TTL_S);

    console.log(`\nPrices in cached article pages, ${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; load average at the start ${loadAtStart}, at the end ${load()}`);
    console.log(`${paths.length} demo article pages in brotli, ${CONNECTIONS} connections each from its own loopback address, ${SECONDS} s per run, ${RUNS} runs of each gateway alternated over ${elapsedS.toFixed(0)} s, the markets service refreshing every ${REFRESH_MS / 1000} s and the stand-in's prices moving every 10 s. Median (min–max).`);
    console.log('| pages | mean page (brotli) | req/s | p99 ms | gateway CPU ms / 1,000 | article renders per run |\n|---|---|---|---|---|---|');
    for (const { name } of variants) {
      const list = runs.get(name)!;
      console.log(`| ${name} | ${(list[0]!.meanBytes / 1024).toFixed(1)} KB | ${spread(list.map((r) => r.rps))} | ${spread(list.map((r) => r.p99), 1)} | ${spread(list.map((r) => r.cpu), 2)} | ${spread(list.map((r) => r.renders))} |`);
    }
    const rpsWith = runs.get(variants[0]!.name)!.map((r) => r.rps);
    const rpsWithout = runs.get(variants[1]!.name)!.map((r) => r.rps);
    const cpuWith = runs.get(variants[0]!.name)!.map((r) => r.cpu ?? NaN);
    const cpuWithout = runs.get(variants[1]!.name)!.map((r) => r.cpu ?? NaN);
    const med = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    console.log(`with/without: req/s ${((med(rpsWith) / med(rpsWithout) - 1) * 100).toFixed(1)} %, gateway CPU per 1,000 ${((med(cpuWith) / med(cpuWithout) - 1) * 100).toFixed(1)} % (target: within 5 %)`);
    console.log(`ticker versions the pages carried during the runs: ${tickersSeen.size}; renders a run may have by the pages' 30 s lifetime alone: at most ${renderBound}`);
    if (tickersSeen.size < 2) failures.push(`the pages carried ${tickersSeen.size} ticker version(s): the prices did not change during the runs`);
    const mostRenders = Math.max(...[...runs.values()].flat().map((r) => r.renders));
    if (mostRenders > renderBound) failures.push(`${mostRenders} article renders in a run, more than the pages' lifetime allows (${renderBound})`);

    // The page lane alone, in this process's CPU time: what the whole-request figures above cannot resolve on a loaded machine.
    const home = join(tmpdir(), `markets-bench-home-${process.pid}.html`);
    writeFileSync(home, (await page(withTicker.url, '/')).html);
    console.log('\nThe ticker in the page lane alone (ticker-holes-bench.ts on the home page as served; median (min–max) of 5 runs of 20,000 responses):');
    const lane = spawnSync(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'ticker-holes-bench.ts'), home], { stdio: 'inherit' });
    if (lane.status !== 0) failures.push('ticker-holes-bench.ts failed');

    // ---- (b) the providers failing for OUTAGE_S ----
    const snapshotAt = async () => {
      const { coins } = (await (await fetch(`${MARKETS_URL}/api/markets/ticker`)).json()) as { coins: Array<{ at: string }> };
      return Math.min(...coins.map((coin) => Date.parse(coin.at)));
    };
    // Asked again once if the reused keep-alive connection was closed by the service meanwhile.
    const lastGood = await snapshotAt().catch(() => snapshotAt());
    const outageStart = Date.now();
    standIn.setMode('coingecko', 'error');
    standIn.setMode('max', 'down');
    console.log(`\nProviders failing from ${new Date(outageStart).toISOString().slice(11, 19)} UTC for ${OUTAGE_S} s (CoinGecko 500, MAX dropping connections); every page read in turn, one every 2 s…`);
    let asked = 0;
    let not200 = 0;
    let noTicker = 0;
    let firstAgeMarkS: number | undefined;
    let ageShown: string | undefined;
    let unmarkedLate = 0;
    for (let i = 0; Date.now() < outageStart + OUTAGE_S * 1000; i += 1) {
      const { status, html } = await page(withTicker.url, paths[i % paths.length]!).catch(() => ({ status: 0, html: '' }));
      asked += 1;
      if (status !== 200) not200 += 1;
      const ticker = tickerOf(html);
      if (!ticker) noTicker += 1;
      const age = ageOf(ticker);
      const sinceGood = (Date.now() - lastGood) / 1000;
      if (age && firstAgeMarkS === undefined) {
        firstAgeMarkS = (Date.now() - outageStart) / 1000;
        ageShown = age;
      }
      // Two minutes after the last good prices, plus the gateway's 10 s between asks and a second.
      if (!age && sinceGood > 120 + 11) unmarkedLate += 1;
      await sleep(2_000);
    }
    const lastGoodHhmm = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Taipei', hour: '2-digit', minute: '2-digit', hour12: false }).format(lastGood);
    console.log(`pages read: ${asked}; not 200: ${not200}; without the ticker: ${noTicker}; ticker first marked 「資料時間 ${ageShown ?? '—'}」 ${firstAgeMarkS?.toFixed(0) ?? '—'} s into the outage (the last good prices were ${((outageStart - lastGood) / 1000).toFixed(0)} s old at its start, from ${lastGoodHhmm} Taipei time); unmarked after their two minutes: ${unmarkedLate}`);
    if (not200 > 0) failures.push(`${not200} pages not 200 during the outage`);
    if (noTicker > 0) failures.push(`${noTicker} pages without the ticker during the outage`);
    if (unmarkedLate > 0) failures.push(`${unmarkedLate} pages with prices over two minutes old not marked with their age`);
    if (OUTAGE_S > 140 && firstAgeMarkS === undefined) failures.push('the ticker was never marked with its age');
    if (ageShown && ageShown !== lastGoodHhmm) failures.push(`the ticker's age says ${ageShown}, the last good prices are from ${lastGoodHhmm}`);

    const recovered = Date.now();
    standIn.setMode('coingecko', 'ok');
    standIn.setMode('max', 'ok');
    let snapshotBackS: number | undefined;
    let pageBackS: number | undefined;
    let recoveryErrors = 0;
    while (Date.now() < recovered + 3 * REFRESH_MS && pageBackS === undefined) {
      if (snapshotBackS === undefined && (await snapshotAt().catch(() => 0)) > recovered - 5_000) snapshotBackS = (Date.now() - recovered) / 1000;
      const answer = await page(withTicker.url, paths[0]!).catch(() => undefined);
      if (answer?.status !== 200) recoveryErrors += 1;
      const ticker = tickerOf(answer?.html ?? '');
      if (snapshotBackS !== undefined && ticker && !ageOf(ticker)) pageBackS = (Date.now() - recovered) / 1000;
      await sleep(500);
    }
    console.log(`after the stand-in answers again: new prices in the markets service's snapshot after ${snapshotBackS?.toFixed(1) ?? 'more than 90'} s (one refresh: ${REFRESH_MS / 1000} s), in the pages' ticker after ${pageBackS?.toFixed(1) ?? 'more than 90'} s (plus the gateway's 10 s between asks)`);
    if (snapshotBackS === undefined || snapshotBackS > REFRESH_MS / 1000 + 2) failures.push(`prices came back after ${snapshotBackS?.toFixed(1) ?? 'more than 90'} s, more than one refresh`);
    if (pageBackS === undefined) failures.push('the pages still show old prices 90 s after the providers answer again');
    if (recoveryErrors > 0) failures.push(`${recoveryErrors} pages not answered 200 (or cut off) while the prices came back`);
    console.log(`load average at the end ${load()}`);
  } finally {
    clearInterval(mover);
    await stack.stop();
  }
  if (failures.length > 0) {
    console.error(`\nFAILED:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
