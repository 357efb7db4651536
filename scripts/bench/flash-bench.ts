// 快訊 on 10,000 open pages (docs/adr/0016, docs/benchmarks.md "快訊 open pages"): pages following
// the feed as the live script does (flash-followers.ts: each its own address, a poll of the one
// cached live answer every 10 s ± 1 s, revalidated) while readers load article pages (page-mix.ts),
// against the same readers alone. Per run: the gateway's and the content service's CPU per open page
// per minute (followers alone: CPU per answered poll, idle use taken off, times the 6 polls an open
// page makes a minute), the article pages' rate with and without the followers, the delay from 發布
// to each page having the item (median, p99, max), and whether the publication evicted any API
// answer that shows no item (filled just before it, so none can age out in between; which pages a
// 快訊 write evicts is proved in test/stack/write-invalidation.test.ts). Its own stack:
// `npx tsx scripts/bench/flash-bench.ts` (BENCH_FLASH_PAGES, default 10,000; BENCH_RUNS, 3;
// BENCH_SECONDS, 10). The frontends must be built.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FLASH_POLL_MS } from '@coinmag/contracts';
import { startBenchStack } from './bench-stack.js';
import { childResult, median, spread } from './bench-stats.js';
import { cpuMsOf } from './cpu-time.js';
import type { FollowersOptions, FollowersResult } from './flash-followers.js';
import { BROWSER_ACCEPT_ENCODING } from './html-endpoints.js';
import type { PageMixOptions, PageMixResult } from './page-mix.js';

const PAGES = Number(process.env.BENCH_FLASH_PAGES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READER_CONNECTIONS = 20;
/** Followers ask at a random moment of their first interval: steady after one interval and a little. */
const RAMP_MS = FLASH_POLL_MS + 2_000;
/** How long the follower process may take to start (its first answered poll), on top of its run. */
const START_WAIT_S = 60;
/** How long the followers go on after the windows: room for the publication's checks and every page's next polls. */
const TAIL_S = 60;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const stack = await startBenchStack('flash');
let failed = false;
try {
  const { gateway, content } = stack.pids as { gateway: number; content: number };
  const login = await fetch(`${stack.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
  const { token } = (await login.json()) as { token: string };
  const slugs = (await stack.db('content.articles').where({ status: 'published' }).where('published_at', '<=', new Date()).orderBy('published_at', 'desc').limit(20).pluck('slug')) as string[];
  const articlePages = slugs.map((slug) => `/article/${encodeURIComponent(slug)}`);
  /**
   * Whether a publication evicts what shows no item, checked so that no answer can age out in
   * between: keys no one else asks (a limit of this run's own, a query the service ignores) are
   * filled just before the publication, seen kept (a hit), and asked again right after it, within
   * seconds, where the shortest lifetime of an answer is 30 s. A key whose answer shows items
   * is asked the same way as the control: it must be gone.
   */
  const evictionKeys = (run: number) => {
    const mark = `${run}-${Date.now().toString(36)}`;
    const limit = 30 + run;
    return {
      unrelated: [
        `/api/articles?page=1&limit=${limit}`, `/api/articles/latest?limit=${limit}`, `/api/articles/popular?limit=${limit}`, `/api/articles/featured?limit=${limit}`,
        `/api/categories?bench=${mark}`, `/api/settings?bench=${mark}`, ...slugs.slice(0, 5).map((slug) => `/api/articles/${encodeURIComponent(slug)}?bench=${mark}`),
      ],
      showsItems: [`/api/flash?tag=bench-${mark}`, `/api/flash/live?bench=${mark}`],
    };
  };
  const cacheState = async (path: string) => {
    const res = await fetch(stack.url + path);
    await res.arrayBuffer();
    return res.status === 200 ? res.headers.get('x-gateway-cache') : `status ${res.status}`;
  };
  const warm = async () => {
    for (let round = 0; round < 2; round += 1) for (const path of articlePages) await (await fetch(stack.url + path, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } })).arrayBuffer();
  };
  const readers = (seconds: number) =>
    childResult<PageMixResult>('page-mix.ts', [JSON.stringify({ base: stack.url, paths: articlePages, connections: READER_CONNECTIONS, seconds, acceptEncoding: BROWSER_ACCEPT_ENCODING, minBytes: 2_000 } satisfies PageMixOptions)]);
  const cpu = () => ({ gateway: cpuMsOf(gateway)!, content: cpuMsOf(content)! });
  /** Polls answered per second over the whole seconds inside [from, to). */
  const pollRate = (result: FollowersResult, from: number, to: number) => {
    let answered = 0;
    let seconds = 0;
    for (let second = Math.ceil(from / 1000); second + 1 <= Math.floor(to / 1000); second += 1) {
      answered += result.answeredPerSecond[second] ?? 0;
      seconds += 1;
    }
    return seconds ? answered / seconds : NaN;
  };

  await warm();
  await readers(2);
  const rows: Array<{
    alone: number; withPages: number; pollRate: number; gatewayCpu: number; contentCpu: number; gatewayIdle: number; contentIdle: number;
    delays: number[]; missed: number; checked: number; evicted: string[]; controlKept: string[]; checkSeconds: number; errors: number;
  }> = [];
  for (let run = 0; run < RUNS; run += 1) {
    console.error(`run ${run + 1} of ${RUNS}: load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
    await warm();
    const alone = await readers(SECONDS);
    // What the two processes use with nothing asked (timers, the ticker, the feed): taken off the followers' figure.
    const idleFrom = cpu();
    await sleep(SECONDS * 1000);
    const idleTo = cpu();

    const watch = `效能測試快訊 ${run}-${Date.now()}`;
    // The follower process may take many seconds to start on a loaded machine: the ramp counts from its first answered poll.
    const readyDir = mkdtempSync(join(tmpdir(), 'flash-bench-'));
    const readyFile = join(readyDir, 'ready');
    const followers = childResult<FollowersResult>('flash-followers.ts', [JSON.stringify({ base: stack.url, pages: PAGES, seconds: RAMP_MS / 1000 + SECONDS * 2 + TAIL_S, pollMs: FLASH_POLL_MS, watch, readyFile } satisfies FollowersOptions)]);
    const spawned = Date.now();
    while (!existsSync(readyFile)) {
      if (Date.now() - spawned > START_WAIT_S * 1000) throw new Error(`the follower process answered no poll within ${START_WAIT_S} s`);
      await sleep(100);
    }
    rmSync(readyDir, { recursive: true, force: true });
    await sleep(RAMP_MS);
    const before = { ...cpu(), at: Date.now() };
    await sleep(SECONDS * 1000);
    const after = { ...cpu(), at: Date.now() };

    // Publishing while the pages follow (see evictionKeys).
    const keys = evictionKeys(run);
    const kept: string[] = [];
    const filledAt = Date.now();
    for (const path of [...keys.unrelated, ...keys.showsItems]) {
      const first = await cacheState(path);
      const second = await cacheState(path);
      if (first === 'miss' && second === 'hit') kept.push(path);
      else console.error(`left out of the eviction check (not filled and kept: ${first}, ${second}): ${path}`);
    }
    const published = Date.now();
    const post = await fetch(`${stack.url}/api/admin/flash`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: watch, important: true }) });
    if (post.status !== 201) throw new Error(`publishing answered ${post.status}: ${await post.text()}`);
    const evicted: string[] = [];
    const controlKept: string[] = [];
    for (const path of kept) {
      const state = await cacheState(path);
      if (keys.unrelated.includes(path) && state !== 'hit') evicted.push(`${path} (${state})`);
      if (keys.showsItems.includes(path) && state === 'hit') controlKept.push(path);
    }
    const checkSeconds = (Date.now() - filledAt) / 1000;

    const withPages = await readers(SECONDS);
    const result = await followers;
    const delays = result.seen.filter((at): at is number => at !== null).map((at) => (at - published) / 1000).sort((a, b) => a - b);
    const rate = pollRate(result, before.at, after.at);
    const polls = rate * ((after.at - before.at) / 1000);
    // CPU per answered poll (idle use taken off) times the polls an open page makes a minute.
    const perPageMinute = (used: number, idle: number) => ((used - idle * ((after.at - before.at) / 1000 / SECONDS)) / polls) * (60_000 / FLASH_POLL_MS);
    rows.push({
      alone: alone.rps, withPages: withPages.rps, pollRate: rate,
      gatewayCpu: perPageMinute(after.gateway - before.gateway, idleTo.gateway - idleFrom.gateway),
      contentCpu: perPageMinute(after.content - before.content, idleTo.content - idleFrom.content),
      gatewayIdle: ((idleTo.gateway - idleFrom.gateway) / SECONDS) * 60, contentIdle: ((idleTo.content - idleFrom.content) / SECONDS) * 60,
      delays, missed: PAGES - delays.length, checked: kept.filter((path) => keys.unrelated.includes(path)).length, evicted, controlKept, checkSeconds,
      errors: result.errors + alone.errors + withPages.errors,
    });
    await fetch(`${stack.url}/api/admin/flash/${((await post.json()) as { id: number }).id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }

  const all = (pick: (row: (typeof rows)[number]) => number, digits = 0) => spread(rows.map(pick), digits);
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log([
    `快訊 open pages: ${PAGES.toLocaleString('en')} pages polling /api/flash/live every ${FLASH_POLL_MS / 1000} s ± 1 s (each its own address and connection, revalidating with its ETag), ${READER_CONNECTIONS} reader connections over ${articlePages.length} article pages in brotli, ${SECONDS} s windows, ${RUNS} runs; load average at the end ${load}`,
    '| measure | median (min–max) |',
    '|---|---|',
    `| polls answered per second in the CPU window (${PAGES.toLocaleString('en')} pages ask ${Math.round(PAGES / (FLASH_POLL_MS / 1000)).toLocaleString('en')}) | ${all((row) => row.pollRate)} |`,
    `| gateway CPU ms per open page per minute (per answered poll × ${60_000 / FLASH_POLL_MS}, idle use taken off) | ${all((row) => row.gatewayCpu, 3)} |`,
    `| content CPU ms per open page per minute (likewise) | ${all((row) => row.contentCpu, 4)} |`,
    `| gateway / content CPU ms per minute with nothing asked (taken off above) | ${all((row) => row.gatewayIdle)} / ${all((row) => row.contentIdle)} |`,
    `| article pages/s, readers alone | ${all((row) => row.alone)} |`,
    `| article pages/s, with the open pages polling | ${all((row) => row.withPages)} |`,
    `| 發布 → page has it, median s | ${all((row) => median(row.delays), 1)} |`,
    `| 發布 → page has it, p99 s | ${all((row) => percentile(row.delays, 99), 1)} |`,
    `| 發布 → page has it, max s | ${all((row) => row.delays.at(-1) ?? NaN, 1)} |`,
    `| pages that never saw it within the run | ${all((row) => row.missed)} |`,
    `| API answers showing no item, filled just before, evicted by the publication (of those checked) | ${rows.map((row) => `${row.evicted.length} of ${row.checked}`).join(', ')} |`,
    `| answers showing items still kept after it (the control; must be 0) | ${rows.map((row) => row.controlKept.length).join(', ')} |`,
    `| seconds from filling to the last check (answers live ≥ 30 s) | ${all((row) => row.checkSeconds, 1)} |`,
  ].join('\n'));
  const problems = rows.flatMap((row, run) => [
    ...(row.evicted.length ? [`run ${run + 1}: evicted ${row.evicted.join(', ')}`] : []),
    ...(row.controlKept.length ? [`run ${run + 1}: the publication left answers that show items in the cache: ${row.controlKept.join(', ')}`] : []),
    ...(row.checkSeconds >= 30 ? [`run ${run + 1}: the eviction check took ${row.checkSeconds.toFixed(1)} s, long enough for an answer to age out: inconclusive`] : []),
    ...(row.missed ? [`run ${run + 1}: ${row.missed} pages never saw the item`] : []),
    ...((row.delays.at(-1) ?? 0) > 15 ? [`run ${run + 1}: the slowest page took ${row.delays.at(-1)!.toFixed(1)} s (> 15 s)`] : []),
    ...(row.errors ? [`run ${run + 1}: ${row.errors} requests failed`] : []),
  ]);
  if (problems.length) {
    failed = true;
    console.error(`\nFAILED:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  }
} finally {
  await stack.stop();
}
if (failed) process.exitCode = 1;
