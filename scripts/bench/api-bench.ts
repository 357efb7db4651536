// `npm run bench`: the public API and pages under load, through the gateway, on real Postgres and
// Redis with 10,000 articles, next to a bare Node http server answering the same bytes (the
// ceiling); page views (page + view beacon) from readers at many addresses; exits non-zero on any
// failed answer, any first view not counted, or a view count in Postgres that is not exact.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { startBenchStack } from './bench-stack.js';
import { childResult, median, spread, withCpu, type Pids } from './bench-stats.js';
import { editorWhileReading } from './editor-autosave.js';
import { BROWSER_ACCEPT_ENCODING, htmlEndpoints } from './html-endpoints.js';
import type { LoadResult } from './load.js';
import type { ReaderOptions, ReaderResult } from './readers.js';
import { scaleArticles } from './scale-articles.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const CEILING_PORT = Number(process.env.BENCH_CEILING_PORT ?? 8189);
/** Profiling aid (with BENCH_CPU_PROF_DIR, see bench-stack.ts): the first n endpoints only. */
const ENDPOINT_LIMIT = Number(process.env.BENCH_ENDPOINT_LIMIT ?? Infinity);

/** One answer's bytes as sent (fetch would decode them), with its type and encoding. */
function rawGet(url: string, acceptEncoding: string): Promise<{ type: string; encoding?: string; body: Buffer }> {
  return new Promise((done, fail) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ type: res.headers['content-type'] ?? 'application/octet-stream', encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

function startCeiling(bodiesFile: string): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'ceiling.ts'), bodiesFile, String(CEILING_PORT)], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', () => done(child));
    child.once('exit', (code) => fail(new Error(`ceiling server exited ${code}`)));
  });
}
/**
 * Terms for the uncached search run: the demo's subjects, words in nearly every body (the
 * articles' closing notes: 風險, 投資, 閱讀, 加密貨幣 …), words in a fifth of them, longer words
 * confirmed in the text, multi-word terms, single characters and a term nothing holds.
 */
const SEARCH_TERMS = [
  '比特', '以太', '錢包', '穩定', '交易', '區塊', '質押', '詐騙', '合約', '挖礦', '監管', '減半', '新手', '收益', '風險', 'ETF', 'DeFi', 'NFT', '私鑰', '台灣',
  '加密', '投資', '價格', '波動', '建議', '閱讀', '評估', '資訊', '教育', '參考', '加密貨幣', '投資建議', '延伸閱讀', '審慎評估', '風險承受', '價格波動',
  '比特幣', '以太坊', '區塊鏈', '穩定幣', '交易所', '手續費', '去中心化', '新手教學', '是什麼', '冷錢包', '助記詞', '智慧合約',
  '使用', '可能', '需要', '選擇', '轉帳', '資金', '成本', '平台', '長期', '重要', '市場', '資產',
  '比特幣 交易', '以太坊 風險', '錢包 新手', '加密貨幣 投資', '幣', '的', '風', 'Layer', '礦機', '量子電腦',
];
const SEARCH_PAGES = [1, 2, 3];

/**
 * Each term/page pair asked once, one at a time: every request misses both caches and runs
 * the search. The processes are warm (the load runs before it ran the search path).
 */
async function uncachedSearchLatency(base: string) {
  const latencies: number[] = [];
  for (const page of SEARCH_PAGES) {
    for (const term of SEARCH_TERMS) {
      const started = performance.now();
      const res = await fetch(`${base}/api/articles?search=${encodeURIComponent(term)}&page=${page}&limit=20`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count: latencies.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies.at(-1) ?? 0 };
}

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const READERS_AT_ONCE = Number(process.env.BENCH_READERS ?? 50);
const VIEWS_PER_READER = 3;
const READ_ARTICLES = 12;

function redisPid(): number | undefined {
  try {
    const found = execFileSync('pgrep', ['-o', '-x', 'redis-server'], { encoding: 'utf8' }).trim();
    return found ? Number(found) : undefined;
  } catch {
    return undefined;
  }
}

async function main() {
  const stack = await startBenchStack('bench');
  const { db } = stack;
  console.log(`preparing: database ${stack.databaseName}, ${ARTICLES} articles …`);
  const work = mkdtempSync(join(tmpdir(), 'coinmag-bench-'));
  let ceiling: ChildProcess | undefined;
  const failures: string[] = [];
  try {
    const total = await scaleArticles(db, ARTICLES);
    const { slug } = await db('content.articles').where({ status: 'published' }).orderBy('id').first('slug');
    const endpoints = ([
      ['GET /api/articles/{slug}', `/api/articles/${encodeURIComponent(slug)}`],
      ['GET /api/articles?page=1&limit=20', '/api/articles?page=1&limit=20'],
      ['GET /api/articles/popular', '/api/articles/popular'],
      ['GET /api/articles?search=比特幣', `/api/articles?search=${encodeURIComponent('比特幣')}`],
      ...htmlEndpoints(slug),
    ] as const).slice(0, ENDPOINT_LIMIT);

    // What readers read: the day's news, a dozen articles (each reader is new, so each of its views is a first view).
    const readerSlugs = (await db('content.articles').where({ status: 'published' }).orderBy('published_at', 'desc').limit(READ_ARTICLES).pluck('slug')) as string[];
    const bodies: Record<string, { type: string; body: string; encoding?: string }> = {};
    const wireBytes: string[] = [];
    const expected: Record<string, number> = {};
    const fetchAs = async (path: string, acceptEncoding: string | undefined) => {
      let res = await rawGet(stack.url + path, acceptEncoding ?? 'identity');
      // A page's brotli form is made once it is asked for again; until then it goes out in gzip.
      for (let tries = 0; acceptEncoding && res.encoding !== 'br' && tries < 50; tries += 1) {
        await new Promise((done) => setTimeout(done, 100));
        res = await rawGet(stack.url + path, acceptEncoding);
      }
      bodies[acceptEncoding ? `${path} ${acceptEncoding}` : path] = { ...res, body: res.body.toString('base64') };
      return res;
    };
    for (const [name, path, acceptEncoding] of endpoints) {
      const res = await fetchAs(path, acceptEncoding);
      expected[name] = res.body.length;
      if (name.includes('HTML')) wireBytes.push(`${name} ${res.body.length.toLocaleString('en')} B${res.encoding ? ` (${res.encoding})` : ''}`);
    }
    // Every reader article's page, cached and in brotli, as the bare server will answer it.
    const pageBytes: Record<string, number> = {};
    for (const readerSlug of readerSlugs) {
      const res = await fetchAs(`/article/${encodeURIComponent(readerSlug)}`, BROWSER_ACCEPT_ENCODING);
      pageBytes[readerSlug] = res.body.length;
    }
    writeFileSync(join(work, 'bodies.json'), JSON.stringify(bodies));
    ceiling = await startCeiling(join(work, 'bodies.json'));
    const redis = redisPid();
    const ours: Pids = { gateway: stack.pids.gateway, content: stack.pids.content, redis };
    const bare: Pids = { bare: ceiling.pid };

    console.log(`articles: ${total}; ${CONNECTIONS} connections, ${SECONDS} s per run, ${RUNS} runs alternating gateway and bare server after a 2 s warm-up of each; load average at the start ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    const readRows: string[] = [];
    for (const [name, path, acceptEncoding] of endpoints) {
      const env = { LOAD_ACCEPT_ENCODING: acceptEncoding ?? '', LOAD_EXPECT_BYTES: name.includes('HTML') || name.includes('search') || name.includes('popular') ? '' : String(expected[name]) };
      const runLoadAt = (url: string, seconds = SECONDS) => childResult<LoadResult>('load.ts', [url, String(CONNECTIONS), String(seconds)], env);
      await runLoadAt(stack.url + path, 2);
      await runLoadAt(`http://127.0.0.1:${CEILING_PORT}${path}`, 2);
      const gateway: Array<Awaited<ReturnType<typeof withCpu<LoadResult>>>> = [];
      const ceilingRuns: Array<Awaited<ReturnType<typeof withCpu<LoadResult>>>> = [];
      for (let run = 0; run < RUNS; run += 1) {
        gateway.push(await withCpu(ours, () => runLoadAt(stack.url + path), (r) => r.requests));
        ceilingRuns.push(await withCpu(bare, () => runLoadAt(`http://127.0.0.1:${CEILING_PORT}${path}`), (r) => r.requests));
      }
      const errors = gateway.reduce((sum, { result: r }) => sum + r.errors + r.non2xx + r.badBodies, 0);
      if (errors > 0) failures.push(`${name}: ${errors} reads failed, had another status or another body`);
      const ratio = median(gateway.map(({ result }) => result.rps)) / median(ceilingRuns.map(({ result }) => result.rps));
      readRows.push(
        `| ${name} | ${spread(gateway.map(({ result }) => result.rps))} | ${spread(gateway.map(({ result }) => result.p99), 1)} | ${errors} | ${spread(ceilingRuns.map(({ result }) => result.rps))} | ${(ratio * 100).toFixed(0)}% | ` +
          `${spread(gateway.map(({ cpuPer1000 }) => cpuPer1000.gateway))} | ${spread(gateway.map(({ cpuPer1000 }) => cpuPer1000.content))} | ${spread(gateway.map(({ cpuPer1000 }) => cpuPer1000.redis))} | ${spread(ceilingRuns.map(({ cpuPer1000 }) => cpuPer1000.bare))} |`,
      );
    }

    // Page views as readers make them: the cached article page and its beacon, each reader at its own address.
    const viewCountBefore = Number((await db('content.articles').sum({ total: 'view_count' }))[0]!.total);
    let nextReader = 1;
    let counted = 0;
    let notCounted = 0;
    let readerErrors = 0;
    const readers = (base: string, beacons: boolean, seconds = SECONDS) =>
      childResult<ReaderResult>('readers.ts', [JSON.stringify({ base, slugs: readerSlugs, concurrency: READERS_AT_ONCE, seconds, viewsPerReader: VIEWS_PER_READER, beacons, firstReader: nextReader, acceptEncoding: BROWSER_ACCEPT_ENCODING, minPageBytes: Math.min(...Object.values(pageBytes)) >> 1 } satisfies ReaderOptions)]).then((result) => {
        nextReader = result.nextReader;
        counted += result.counted;
        notCounted += result.notCounted;
        readerErrors += result.errors;
        return result;
      });
    const ceilingBase = `http://127.0.0.1:${CEILING_PORT}`;
    await readers(stack.url, true, 2);
    await readers(ceilingBase, false, 2);
    const views: Array<Awaited<ReturnType<typeof withCpu<ReaderResult>>>> = [];
    const pagesAlone: Array<Awaited<ReturnType<typeof withCpu<ReaderResult>>>> = [];
    const barePages: Array<Awaited<ReturnType<typeof withCpu<ReaderResult>>>> = [];
    for (let run = 0; run < RUNS; run += 1) {
      views.push(await withCpu(ours, () => readers(stack.url, true), (r) => r.views));
      pagesAlone.push(await withCpu(ours, () => readers(stack.url, false), (r) => r.views));
      barePages.push(await withCpu(bare, () => readers(ceilingBase, false), (r) => r.views));
    }
    if (readerErrors > 0) failures.push(`page views: ${readerErrors} failed (a page or a beacon with another status or body)`);
    if (notCounted > 0) failures.push(`page views: ${notCounted} first views were not counted`);
    // The count is exact: Postgres holds every counted view once the flusher has run.
    let viewCountAfter = viewCountBefore;
    const flushDeadline = Date.now() + 20_000;
    while (Date.now() < flushDeadline) {
      viewCountAfter = Number((await db('content.articles').sum({ total: 'view_count' }))[0]!.total);
      if (viewCountAfter - viewCountBefore >= counted) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    const flushed = viewCountAfter - viewCountBefore;
    if (flushed !== counted) failures.push(`page views: ${counted} counted, Postgres rose by ${flushed}`);
    const cpuCells = (runs: typeof views, names: string[]) => names.map((name) => spread(runs.map(({ cpuPer1000 }) => cpuPer1000[name]))).join(' | ');
    const total1000 = (runs: typeof views) => spread(runs.map(({ cpuPer1000 }) => Object.values(cpuPer1000).reduce<number>((sum, ms) => sum + (ms ?? 0), 0)));

    // A section that cannot run (a page that would not warm on a loaded machine) is a failure, and the other sections' tables are still printed.
    const editor = await editorWhileReading({ url: stack.url, contentUrl: stack.contentUrl, db, pids: { gateway: stack.pids.gateway, content: stack.pids.content }, runs: RUNS, seconds: SECONDS, connections: 30 })
      .catch((err: Error) => ({ lines: [`editor while reading: not run (${err.message})`], failures: [`editor while reading: ${err.message}`] }));
    failures.push(...editor.failures);
    const uncached = await uncachedSearchLatency(stack.url);
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log(`API benchmark, ${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`Each figure: the median of ${RUNS} runs, (min–max) when they differ. CPU ms / 1,000: CPU time (user + system, /proc) the process used per 1,000 answers — the figure to quote, since req/s moves with whatever else the machine runs. Redis is the machine's shared server.`);
    console.log('\nreads (one keep-alive client per connection; only a 2xx with the expected body counts):');
    console.log('| endpoint (through the gateway) | req/s | p99 ms | errors | bare Node req/s | ratio to bare | gateway CPU ms / 1,000 | content | Redis | bare |\n|---|---|---|---|---|---|---|---|---|---|');
    for (const row of readRows) console.log(row);
    console.log(`\npage views (${READERS_AT_ONCE} readers at once, each new, from its own loopback address with its own user agent, on its own connection, reading ${VIEWS_PER_READER} articles of ${readerSlugs.length}; the article page in brotli, then its view beacon):`);
    console.log('| row | views/s | p99 ms per view | gateway CPU ms / 1,000 | content | Redis | all of ours |\n|---|---|---|---|---|---|---|');
    console.log(`| page view (page + counted beacon) | ${spread(views.map(({ result }) => result.rate))} | ${spread(views.map(({ result }) => result.p99), 1)} | ${cpuCells(views, ['gateway', 'content', 'redis'])} | ${total1000(views)} |`);
    console.log(`| the page alone, gateway | ${spread(pagesAlone.map(({ result }) => result.rate))} | ${spread(pagesAlone.map(({ result }) => result.p99), 1)} | ${cpuCells(pagesAlone, ['gateway', 'content', 'redis'])} | ${total1000(pagesAlone)} |`);
    console.log(`| the page alone, bare Node | ${spread(barePages.map(({ result }) => result.rate))} | ${spread(barePages.map(({ result }) => result.p99), 1)} | bare: ${cpuCells(barePages, ['bare'])} | | | |`);
    const viewRate = median(views.map(({ result }) => result.rate));
    console.log(
      `page views reach ${((viewRate / median(pagesAlone.map(({ result }) => result.rate))) * 100).toFixed(0)}% of the gateway's page alone and ${((viewRate / median(barePages.map(({ result }) => result.rate))) * 100).toFixed(0)}% of the bare server's; ` +
        `beacons: ${counted} counted, ${notCounted} not counted; Postgres rose by ${flushed} (${flushed === counted ? 'exact' : 'NOT exact'}).`,
    );
    console.log(`\n${editor.lines.join('\n')}`);
    console.log(`\nHTML bytes on the wire (one response each): ${wireBytes.join('; ')}`);
    console.log(
      `\nuncached search (first request of ${uncached.count} distinct term/page pairs, ${SEARCH_TERMS.length} terms × pages ${SEARCH_PAGES.join(', ')}, one at a time, through the gateway, warm processes): ` +
        `p50 ${uncached.p50.toFixed(1)} ms, p95 ${uncached.p95.toFixed(1)} ms, p99 ${uncached.p99.toFixed(1)} ms, max ${uncached.max.toFixed(1)} ms`,
    );
  } finally {
    ceiling?.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
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
