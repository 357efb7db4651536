// 快訊 on 10,000 open pages (docs/adr/0016, docs/benchmarks.md "快訊 open pages"): pages following
// the feed as the live script does (flash-followers.ts: each its own address, a poll of the one
// cached live answer every 10 s ± 1 s, revalidated) while readers load article pages (page-mix.ts),
// against the same readers alone. Per run: the gateway's and the content service's CPU per open page
// per minute (followers alone), the article pages' rate with and without the followers, the delay
// from 發布 to each page having the item (median, p99, max), and which warmed article answers and
// pages the publication evicted (it may evict only what shows items). Its own stack:
// `npx tsx scripts/bench/flash-bench.ts` (BENCH_FLASH_PAGES, default 10,000; BENCH_RUNS, 3;
// BENCH_SECONDS, 10). The frontends must be built.
import { loadavg } from 'node:os';
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
  /** Answers that show no item: a publication must leave every one of them in the gateway's cache. */
  const unrelatedApis = ['/api/articles?page=1&limit=12', '/api/articles/latest', '/api/articles/popular', '/api/categories', '/api/settings', ...slugs.slice(0, 5).map((slug) => `/api/articles/${encodeURIComponent(slug)}`)];
  const contentLookups = async () => {
    const metrics = await (await fetch(`${stack.contentUrl}/metrics`)).text();
    return metrics.split('\n').filter((line) => line.startsWith('cache_lookups_total{cache="responses"')).reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  };
  const warm = async () => {
    for (let round = 0; round < 2; round += 1) for (const path of [...articlePages, ...unrelatedApis]) await (await fetch(stack.url + path, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } })).arrayBuffer();
  };
  const readers = (seconds: number) =>
    childResult<PageMixResult>('page-mix.ts', [JSON.stringify({ base: stack.url, paths: articlePages, connections: READER_CONNECTIONS, seconds, acceptEncoding: BROWSER_ACCEPT_ENCODING, minBytes: 2_000 } satisfies PageMixOptions)]);

  await warm();
  await readers(2);
  const rows: Array<{ alone: number; withPages: number; gatewayCpu: number; contentCpu: number; pollsPerSecond: number; delays: number[]; missed: number; evicted: string[]; errors: number }> = [];
  for (let run = 0; run < RUNS; run += 1) {
    await warm();
    const alone = await readers(SECONDS);
    const watch = `效能測試快訊 ${run}-${Date.now()}`;
    const followers = childResult<FollowersResult>('flash-followers.ts', [JSON.stringify({ base: stack.url, pages: PAGES, seconds: RAMP_MS / 1000 + SECONDS * 2 + TAIL_S, pollMs: FLASH_POLL_MS, watch } satisfies FollowersOptions)]);
    await sleep(RAMP_MS);
    const before = { gateway: cpuMsOf(gateway)!, content: cpuMsOf(content)! };
    await sleep(SECONDS * 1000);
    const after = { gateway: cpuMsOf(gateway)!, content: cpuMsOf(content)! };
    const perPageMinute = (ms: number) => (ms / PAGES) * (60 / SECONDS);

    // Publishing while the pages follow: nothing that shows no item may leave the gateway's cache.
    // Checked just before and just after (answers with a lifetime of their own, 30 s, may age out between).
    const cachedBefore = new Set<string>();
    for (const path of unrelatedApis) {
      const res = await fetch(stack.url + path);
      await res.arrayBuffer();
      if (res.headers.get('x-gateway-cache') === 'hit') cachedBefore.add(path);
    }
    for (const path of articlePages.slice(0, 5)) await (await fetch(stack.url + path, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } })).arrayBuffer();
    const published = Date.now();
    const post = await fetch(`${stack.url}/api/admin/flash`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: watch, important: true }) });
    if (post.status !== 201) throw new Error(`publishing answered ${post.status}: ${await post.text()}`);
    // The live answer the followers ask is filled again first, so the content service's lookups
    // counted next are the article pages' alone.
    await (await fetch(`${stack.url}/api/flash/live`)).arrayBuffer();
    const evicted: string[] = [];
    for (const path of cachedBefore) {
      const res = await fetch(stack.url + path);
      await res.arrayBuffer();
      if (res.headers.get('x-gateway-cache') !== 'hit') evicted.push(path);
    }
    const lookupsBefore = await contentLookups();
    for (const path of articlePages.slice(0, 5)) await (await fetch(stack.url + path, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } })).arrayBuffer();
    if ((await contentLookups()) > lookupsBefore) evicted.push('an article page (the content service was asked)');

    const withPages = await readers(SECONDS);
    const result = await followers;
    const delays = result.seen.filter((at): at is number => at !== null).map((at) => (at - published) / 1000).sort((a, b) => a - b);
    rows.push({
      alone: alone.rps, withPages: withPages.rps,
      gatewayCpu: perPageMinute(after.gateway - before.gateway), contentCpu: perPageMinute(after.content - before.content),
      pollsPerSecond: result.requests / (RAMP_MS / 1000 + SECONDS * 2 + TAIL_S), delays, missed: PAGES - delays.length, evicted, errors: result.errors + alone.errors + withPages.errors,
    });
    await fetch(`${stack.url}/api/admin/flash/${((await post.json()) as { id: number }).id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  }

  const all = (pick: (row: (typeof rows)[number]) => number, digits = 0) => spread(rows.map(pick), digits);
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log([
    `快訊 open pages: ${PAGES.toLocaleString('en')} pages polling /api/flash/live every ${FLASH_POLL_MS / 1000} s ± 1 s (each its own address), ${READER_CONNECTIONS} reader connections over ${articlePages.length} article pages in brotli, ${SECONDS} s windows, ${RUNS} runs; load average at the end ${load}`,
    '| measure | median (min–max) |',
    '|---|---|',
    `| polls answered per second | ${all((row) => row.pollsPerSecond)} |`,
    `| gateway CPU ms per open page per minute | ${all((row) => row.gatewayCpu, 2)} |`,
    `| content CPU ms per open page per minute | ${all((row) => row.contentCpu, 3)} |`,
    `| article pages/s, readers alone | ${all((row) => row.alone)} |`,
    `| article pages/s, with the open pages | ${all((row) => row.withPages)} |`,
    `| 發布 → page has it, median s | ${all((row) => median(row.delays), 1)} |`,
    `| 發布 → page has it, p99 s | ${all((row) => percentile(row.delays, 99), 1)} |`,
    `| 發布 → page has it, max s | ${all((row) => row.delays.at(-1) ?? NaN, 1)} |`,
    `| pages that never saw it | ${all((row) => row.missed)} |`,
    `| answers and pages showing no item evicted by the publication | ${rows.map((row) => row.evicted.length).join(', ')} |`,
  ].join('\n'));
  const problems = rows.flatMap((row, run) => [
    ...(row.evicted.length ? [`run ${run + 1}: evicted ${row.evicted.join(', ')}`] : []),
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
