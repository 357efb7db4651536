// `npm run bench:wordpress`: imports synthetic WordPress exports of 10 and 100 MB with the
// operators' command (`npm run import:wordpress -- file --no-images`) into a fresh database
// each, and prints the importing process's peak live heap (sampled after a full collection every
// second: what the import holds), its peak resident memory (worker threads and uncollected
// garbage included), its CPU time and the wall time, median of BENCH_RUNS runs (default 3) with
// the range. Memory is bounded when the live heap does not grow with the export. Each run is
// checked: every post of the file is an article in Postgres. Then the dry run alone (both
// readings of the file: the index and every post mapped in the worker) of a large export,
// BENCH_WXR_DRY_RUN_MB (default 1000, just under the 1 GB upload limit; 0 skips it), with the same figures: its peak RSS is what
// shows memory flat for the largest export the back office accepts. Exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import knex from 'knex';
import { createTestDatabase } from '../../packages/service-kit/src/testing/test-database.js';
import { writeSyntheticExport } from './wordpress/synthetic-export.js';

const root = resolve(import.meta.dirname, '..', '..');
const sizes = (process.env.BENCH_WXR_MB ?? '10,100').split(',').map(Number).filter((n) => n > 0);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const dryRunMb = Number(process.env.BENCH_WXR_DRY_RUN_MB ?? 1000);

interface RunResult {
  liveHeapMb: number;
  maxRssMb: number;
  cpuS: number;
  wallS: number;
}

async function importOnce(file: string, posts: number, mode: '--no-images' | '--dry-run' = '--no-images'): Promise<RunResult> {
  const database = await createTestDatabase('cm_wpbench');
  const dataDir = await mkdtemp(join(tmpdir(), 'coinmag-wpbench-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.REDIS_URL;
    const started = performance.now();
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', './scripts/bench/wordpress/report-usage.mjs', 'scripts/wordpress/import.ts', file, mode], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    const wallS = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`the import exited ${code}:\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`);
    const usage = /BENCH_USAGE (\{.*\})/.exec(stderr);
    if (!usage) throw new Error(`no usage line from the import:\n${stderr.slice(-2000)}`);
    const { maxRssKb, cpuUs, peakLiveHeapKb } = JSON.parse(usage[1]!) as { maxRssKb: number; cpuUs: number; peakLiveHeapKb: number };
    if (mode === '--dry-run') {
      const counted = /文章：共 (\d+) 篇/.exec(stdout);
      if (Number(counted?.[1]) !== posts) throw new Error(`${posts} posts in the export, the dry run counted ${counted?.[1]}:\n${stdout.slice(0, 2000)}`);
    } else {
      const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
      try {
        const articles = Number((await db.withSchema('content').table('articles').count({ n: '*' }))[0]!.n);
        if (articles !== posts) throw new Error(`${posts} posts in the export, ${articles} articles in Postgres`);
      } finally {
        await db.destroy();
      }
    }
    return { liveHeapMb: peakLiveHeapKb / 1024, maxRssMb: maxRssKb / 1024, cpuS: cpuUs / 1e6, wallS };
  } finally {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const cell = (values: number[], digits: number) => `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

const row = (name: string, posts: number, results: RunResult[]) =>
  `| ${name} | ${posts.toLocaleString('en')} | ${cell(results.map((r) => r.liveHeapMb), 0)} MB | ${cell(results.map((r) => r.maxRssMb), 0)} MB | ${cell(results.map((r) => r.cpuS), 1)} s | ${cell(results.map((r) => r.wallS), 1)} s | ${(posts / median(results.map((r) => r.wallS))).toFixed(0)} |`;

async function main(): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'coinmag-wxr-'));
  const rows: string[] = [];
  try {
    for (const size of sizes) {
      const file = join(directory, `export-${size}mb.xml`);
      const written = await writeSyntheticExport(file, size);
      const results: RunResult[] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await importOnce(file, written.posts);
        console.log(`${size} MB run ${run}/${runs}: peak live heap ${result.liveHeapMb.toFixed(0)} MB, peak RSS ${result.maxRssMb.toFixed(0)} MB, CPU ${result.cpuS.toFixed(1)} s, ${result.wallS.toFixed(1)} s`);
        results.push(result);
      }
      rows.push(row(`${(written.bytes / 1024 / 1024).toFixed(0)} MB`, written.posts, results));
      await rm(file, { force: true });
    }
    if (dryRunMb > 0) {
      const file = join(directory, `export-${dryRunMb}mb.xml`);
      const written = await writeSyntheticExport(file, dryRunMb);
      const results: RunResult[] = [];
      for (let run = 1; run <= runs; run++) {
        const result = await importOnce(file, written.posts, '--dry-run');
        console.log(`${dryRunMb} MB dry run ${run}/${runs}: peak live heap ${result.liveHeapMb.toFixed(0)} MB, peak RSS ${result.maxRssMb.toFixed(0)} MB, CPU ${result.cpuS.toFixed(1)} s, ${result.wallS.toFixed(1)} s`);
        results.push(result);
      }
      rows.push(row(`${(written.bytes / 1024 / 1024).toFixed(0)} MB, dry run only`, written.posts, results));
      await rm(file, { force: true });
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  console.log(`\nWordPress import, --no-images, median of ${runs} runs (range):\n`);
  console.log('| Export | Posts | Peak live heap | Peak RSS | CPU | Wall | Posts/s |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
