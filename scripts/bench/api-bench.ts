// `npm run bench`: the public API under load, through the gateway, on real Postgres and Redis
// with 10,000 articles, next to a bare Node http server answering the same bytes (the ceiling).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { startBenchStack } from './bench-stack.js';
import { cpuMsOf } from './cpu-time.js';
import { htmlEndpoints } from './html-endpoints.js';
import type { LoadResult } from './load.js';
import { scaleArticles } from './scale-articles.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const CEILING_PORT = Number(process.env.BENCH_CEILING_PORT ?? 8189);
const BEACON_ARTICLES = 50;
/** Profiling aids (with BENCH_CPU_PROF_DIR, see bench-stack.ts): the beacon run alone, the first n endpoints. */
const BEACON_RUN_ONLY = process.env.BENCH_BEACON_RUN_ONLY === '1';
const ENDPOINT_LIMIT = Number(process.env.BENCH_ENDPOINT_LIMIT ?? Infinity);

function load(url: string, seconds = SECONDS, beaconFile?: string, acceptEncoding?: string): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const args = ['--import', 'tsx', resolve(import.meta.dirname, 'load.ts'), url, String(CONNECTIONS), String(seconds), ...(beaconFile ? [beaconFile] : [])];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOAD_ACCEPT_ENCODING: acceptEncoding ?? '' } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out) as LoadResult) : fail(new Error(`load generator exited ${code}`))));
  });
}

/** The bare server, in its own process: no event loop shared with the load generator or the gateway. */
/** A load run, with the CPU time the measured process spent on it per 1,000 answered reads. */
async function measured(url: string, pid: number | undefined, beaconFile?: string, acceptEncoding?: string, contentPid?: number): Promise<LoadResult & { cpuPer1000?: number; contentMsPerBeacon?: number }> {
  const before = pid === undefined ? undefined : cpuMsOf(pid);
  const contentBefore = contentPid === undefined ? undefined : cpuMsOf(contentPid);
  const result = await load(url, SECONDS, beaconFile, acceptEncoding);
  const after = pid === undefined ? undefined : cpuMsOf(pid);
  const contentAfter = contentPid === undefined ? undefined : cpuMsOf(contentPid);
  const cpuPer1000 = before !== undefined && after !== undefined && result.requests > 0 ? ((after - before) / result.requests) * 1000 : undefined;
  // The content service's CPU per beacon: cached reads barely reach it, so in the beacon run this is the beacons' cost.
  const contentMsPerBeacon = contentBefore !== undefined && contentAfter !== undefined && result.beacons > 0 ? (contentAfter - contentBefore) / result.beacons : undefined;
  return { ...result, cpuPer1000, contentMsPerBeacon };
}

const cpuCell = (ms: number | undefined) => (ms === undefined ? 'n/a' : ms.toFixed(0));

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

async function main() {
  const stack = await startBenchStack('bench');
  const { db } = stack;
  console.log(`preparing: database ${stack.databaseName}, ${ARTICLES} articles …`);
  const work = mkdtempSync(join(tmpdir(), 'coinmag-bench-'));
  let ceiling: ChildProcess | undefined;
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

    const bodies: Record<string, { type: string; body: string; encoding?: string }> = {};
    const wireBytes: string[] = [];
    for (const [name, path, acceptEncoding] of endpoints) {
      let res = await rawGet(stack.url + path, acceptEncoding ?? 'identity');
      // A page's brotli form is made once it is asked for again; until then it goes out in gzip.
      for (let tries = 0; acceptEncoding && res.encoding !== 'br' && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        res = await rawGet(stack.url + path, acceptEncoding);
      }
      bodies[acceptEncoding ? `${path} ${acceptEncoding}` : path] = { ...res, body: res.body.toString('base64') };
      if (name.includes('HTML')) wireBytes.push(`${name} ${res.body.length.toLocaleString('en')} B${res.encoding ? ` (${res.encoding})` : ''}`);
    }
    writeFileSync(join(work, 'bodies.json'), JSON.stringify(bodies));
    ceiling = await startCeiling(join(work, 'bodies.json'));

    const beaconSlugs = (await db('content.articles').where({ status: 'published' }).orderBy('id').limit(BEACON_ARTICLES).pluck('slug')) as string[];
    const beaconFile = join(work, 'beacons.json');
    writeFileSync(beaconFile, JSON.stringify(beaconSlugs.map((s) => `${stack.url}/api/articles/${encodeURIComponent(s)}/views`)));

    console.log(`articles: ${total}; ${CONNECTIONS} connections, ${SECONDS} s per run, warm-up 2 s; load average at the start ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
    // CPU ms per 1,000 reads (user + system, /proc): unlike req/s, it does not depend on what else the machine runs.
    const header = '| endpoint (through the gateway) | req/s | p50 ms | p99 ms | errors | bare Node req/s | bare p50 ms | bare p99 ms | ratio to bare | gateway CPU ms / 1,000 | bare CPU ms / 1,000 |';
    const runs: Array<{ title: string; rows: string[] }> = [];
    for (const withBeacons of BEACON_RUN_ONLY ? [true] : [false, true]) {
      const rows: string[] = [];
      for (const [name, path, acceptEncoding] of endpoints) {
        const beacons = withBeacons ? beaconFile : undefined;
        await load(stack.url + path, 2, beacons, acceptEncoding);
        const gateway = await measured(stack.url + path, stack.pids.gateway, beacons, acceptEncoding, withBeacons ? stack.pids.content : undefined);
        const bare = await measured(`http://127.0.0.1:${CEILING_PORT}${path}`, ceiling?.pid, undefined, acceptEncoding);
        const errors = gateway.errors + gateway.non2xx + gateway.beaconErrors;
        rows.push(
          `| ${name} | ${gateway.rps.toFixed(0)} | ${gateway.p50.toFixed(1)} | ${gateway.p99.toFixed(1)} | ${errors} | ${bare.rps.toFixed(0)} | ${bare.p50.toFixed(1)} | ${bare.p99.toFixed(1)} | ` +
            `${((gateway.rps / bare.rps) * 100).toFixed(0)}% | ${cpuCell(gateway.cpuPer1000)} | ${cpuCell(bare.cpuPer1000)} |` +
            (withBeacons ? ` ${gateway.contentMsPerBeacon === undefined ? 'n/a' : gateway.contentMsPerBeacon.toFixed(2)} |` : ''),
        );
      }
      runs.push({ title: withBeacons ? `reads with view beacons flowing (one beacon per ${5} reads, across ${beaconSlugs.length} articles)` : 'reads alone', rows });
    }
    const uncached = await uncachedSearchLatency(stack.url);
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log(`API benchmark, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('(CPU ms / 1,000: CPU time the gateway, or the bare server, spent per 1,000 reads answered; in the run with beacons it includes passing them on)');
    for (const run of runs) {
      const beaconRun = run.title.startsWith('reads with');
      console.log(`\n${run.title}:\n${header}${beaconRun ? ' content CPU ms / beacon |' : ''}\n|---|---|---|---|---|---|---|---|---|---|---|${beaconRun ? '---|' : ''}`);
      for (const row of run.rows) console.log(row);
    }
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
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
