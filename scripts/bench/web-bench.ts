// `npm run bench:web`: Lighthouse (mobile settings, Debian Chromium) on the home page and an
// article page. Uses BENCH_URL when given, else starts its own stack on a fresh database.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createTestDatabase } from '../../packages/service-kit/src/testing/test-database.js';
import { startStack } from '../stack/stack.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
/** The product's targets (docs/benchmarks.md, issue 25): category scores, LCP, blocking time and script weight on a phone. */
const TARGETS = { performance: 98, accessibility: 95, 'best-practices': 95, seo: 95 } as const;
const LCP_TARGET_MS = 1200;
const TBT_TARGET_MS = 100;
/** Compressed script per page (bytes as Lighthouse counts them, KB of 1,000 bytes). */
const SCRIPT_TARGET_BYTES: Record<string, number> = { home: 75_000, article: 60_000 };

interface PageResult {
  name: string;
  url: string;
  scores: Record<keyof typeof TARGETS, number>;
  lcpMs: number;
  cls: number;
  jsBytes: number;
  /** Each script's URL path and its transfer size (compressed bytes). */
  scripts: { path: string; bytes: number }[];
  adminScripts: string[];
  /** Where the LCP time goes (Lighthouse's LCP breakdown), ms by phase; and the other costs. */
  lcpPhases: Record<string, number>;
  fcpMs: number;
  tbtMs: number;
  unusedJsBytes: number;
  /** The page load's main-thread time (Lighthouse's breakdown, at the 4× slowdown), all of it and script evaluation's share: the CPU a phone spends per page view. */
  mainThreadMs: number;
  scriptMs: number;
  lcpElement: string;
}

interface PhaseItem {
  phase?: string;
  timing?: number;
}

/** The LCP element and its phases (TTFB, load delay, load time, render delay) from the audit's details. */
function lcpBreakdown(lhr: { audits: Record<string, { details?: unknown } | undefined> }): { phases: Record<string, number>; element: string } {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: (PhaseItem & { node?: { snippet?: string } })[] }[] } | undefined;
  const tables = details?.items ?? [];
  const phases: Record<string, number> = {};
  for (const row of tables[1]?.items ?? []) if (row.phase && typeof row.timing === 'number') phases[row.phase] = row.timing;
  return { phases, element: tables[0]?.items?.[0]?.node?.snippet ?? '' };
}

/** Total main-thread time and script evaluation's part of it (the mainthread-work-breakdown audit). */
function mainThread(lhr: { audits: Record<string, { details?: unknown } | undefined> }): { mainThreadMs: number; scriptMs: number } {
  const items = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { group?: string; duration?: number }[] } | undefined)?.items ?? [];
  return {
    mainThreadMs: items.reduce((sum, item) => sum + (item.duration ?? 0), 0),
    scriptMs: items.filter((item) => item.group === 'scriptEvaluation').reduce((sum, item) => sum + (item.duration ?? 0), 0),
  };
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function audit(port: number, name: string, url: string): Promise<PageResult> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_WEB_JSON_DIR: keep each run's full report (the network waterfall, the main-thread tasks).
  if (process.env.BENCH_WEB_JSON_DIR) await writeFile(join(process.env.BENCH_WEB_JSON_DIR, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: keyof typeof TARGETS) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    name,
    url,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scripts: scripts.map((item) => ({ path: new URL(item.url).pathname, bytes: item.transferSize ?? 0 })),
    adminScripts: scripts.map((item) => item.url).filter((u) => /\/mf\/admin\/|tiptap|prosemirror/i.test(u)),
    lcpPhases: lcpBreakdown(lhr).phases,
    lcpElement: lcpBreakdown(lhr).element,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    unusedJsBytes: (lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0,
    ...mainThread(lhr),
  };
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (values: number[], format: (v: number) => string) => {
  const known = values.filter((v) => Number.isFinite(v));
  return known.length ? `${format(Math.min(...known))}–${format(Math.max(...known))}` : '?';
};

/** Each figure the median of its own runs (not the figures of the run with the median score), with the runs' range. */
interface PageSummary {
  name: string;
  runs: PageResult[];
  failedRuns: number;
  median: Omit<PageResult, 'name' | 'url' | 'scripts' | 'adminScripts' | 'lcpPhases' | 'lcpElement'> & { adminScripts: number };
}

function summarise(name: string, runs: PageResult[], failedRuns: number): PageSummary {
  const of = (pick: (r: PageResult) => number) => median(runs.map(pick));
  return {
    name,
    runs,
    failedRuns,
    median: {
      scores: { performance: of((r) => r.scores.performance), accessibility: of((r) => r.scores.accessibility), 'best-practices': of((r) => r.scores['best-practices']), seo: of((r) => r.scores.seo) },
      lcpMs: of((r) => r.lcpMs),
      cls: of((r) => r.cls),
      jsBytes: of((r) => r.jsBytes),
      fcpMs: of((r) => r.fcpMs),
      tbtMs: of((r) => r.tbtMs),
      unusedJsBytes: of((r) => r.unusedJsBytes),
      mainThreadMs: of((r) => r.mainThreadMs),
      scriptMs: of((r) => r.scriptMs),
      adminScripts: Math.max(0, ...runs.map((r) => r.adminScripts.length)),
    },
  };
}

/** Each run's figures, then the median of each figure: the LCP breakdown is what says where to cut. */
function printRuns(name: string, runs: PageResult[]) {
  const ms = (v: number) => `${Math.round(v)}`;
  const phaseNames = [...new Set(runs.flatMap((r) => Object.keys(r.lcpPhases)))];
  console.log(`\n${name}: LCP element ${runs[0]?.lcpElement ?? '?'}`);
  const line = (label: string, r: Pick<PageResult, 'lcpMs' | 'fcpMs' | 'tbtMs' | 'unusedJsBytes' | 'mainThreadMs' | 'scriptMs'> & { perf: number; phases: Record<string, number> }) =>
    console.log(
      `  ${label.padEnd(7)} perf ${String(r.perf).padStart(3)}  FCP ${ms(r.fcpMs)}  LCP ${ms(r.lcpMs)} (${phaseNames.map((p) => `${p} ${ms(r.phases[p] ?? NaN)}`).join(', ')})  TBT ${ms(r.tbtMs)}  main thread ${ms(r.mainThreadMs)} (script ${ms(r.scriptMs)})  unused JS ${(r.unusedJsBytes / 1024).toFixed(1)} KiB`,
    );
  for (const [i, r] of runs.entries()) line(`run ${i + 1}`, { ...r, perf: r.scores.performance, phases: r.lcpPhases });
  // Which scripts the page loaded (the last run's; the bytes are the same run to run).
  const last = runs[runs.length - 1];
  if (last) console.log(`  scripts: ${last.scripts.map((script) => `${script.path} ${(script.bytes / 1000).toFixed(1)} KB`).join(', ')}`);
  line('median', {
    perf: median(runs.map((r) => r.scores.performance)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    unusedJsBytes: median(runs.map((r) => r.unusedJsBytes)),
    mainThreadMs: median(runs.map((r) => r.mainThreadMs)),
    scriptMs: median(runs.map((r) => r.scriptMs)),
    phases: Object.fromEntries(phaseNames.map((p) => [p, median(runs.map((r) => r.lcpPhases[p] ?? NaN))])),
  });
}

function printTable(results: PageSummary[]) {
  const rows = [
    ['page', 'runs ok', 'perf (range)', 'a11y', 'best-pr.', 'SEO', 'LCP (range)', 'TBT (range)', 'CLS', 'JS (compressed)', 'admin code'],
    ...results.map(({ name, runs, failedRuns, median: r }) => [
      name,
      `${runs.length}/${runs.length + failedRuns}`,
      `${r.scores.performance} (${range(runs.map((x) => x.scores.performance), String)})`,
      String(r.scores.accessibility),
      String(r.scores['best-practices']),
      String(r.scores.seo),
      `${(r.lcpMs / 1000).toFixed(2)} s (${range(runs.map((x) => x.lcpMs), (v) => (v / 1000).toFixed(2))})`,
      `${Math.round(r.tbtMs)} ms (${range(runs.map((x) => x.tbtMs), (v) => String(Math.round(v)))})`,
      r.cls.toFixed(3),
      `${(r.jsBytes / 1000).toFixed(1)} KB`,
      r.adminScripts ? `YES (${r.adminScripts})` : 'none',
    ]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, col) => cell.padEnd(widths[col]!)).join('  '));
    if (index === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  console.log(
    `\ntargets: performance ≥ ${TARGETS.performance} on every run; on the medians accessibility, best practices and SEO ≥ 95, LCP < ${LCP_TARGET_MS / 1000} s, TBT ≤ ${TBT_TARGET_MS} ms, script ≤ ${Object.entries(SCRIPT_TARGET_BYTES).map(([page, bytes]) => `${bytes / 1000} KB on ${page}`).join(', ')} compressed; no admin code on public pages`,
  );
  for (const { name, runs, failedRuns, median: r } of results) {
    const missed: string[] = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((k) => !(r.scores[k] >= TARGETS[k]));
    if (runs.some((run) => !(run.scores.performance >= TARGETS.performance)) && !missed.includes('performance')) missed.push('performance on some runs');
    if (!(r.lcpMs < LCP_TARGET_MS)) missed.push('LCP');
    if (!(r.tbtMs <= TBT_TARGET_MS)) missed.push('TBT');
    const scriptTarget = SCRIPT_TARGET_BYTES[name];
    if (scriptTarget !== undefined && !(r.jsBytes <= scriptTarget)) missed.push('script weight');
    if (r.adminScripts) missed.push('admin code');
    if (failedRuns) missed.push(`${failedRuns} failed run(s)`);
    console.log(`${name}: ${missed.length ? `missed ${missed.join(', ')}` : 'all targets met'}`);
  }
}

async function main() {
  const root = resolve(import.meta.dirname, '..', '..');
  let baseUrl = process.env.BENCH_URL?.replace(/\/$/, '');
  let cleanup = async () => {};
  if (!baseUrl) {
    const database = await createTestDatabase('cm_bench');
    const dataDir = await mkdtemp(join(tmpdir(), 'coinmag-bench-'));
    const stack = await startStack({
      root, databaseUrl: database.url, redisUrl: process.env.REDIS_URL, dataDir,
      gatewayPort: Number(process.env.BENCH_GATEWAY_PORT ?? 8281), basePort: Number(process.env.BENCH_SERVICES_BASE_PORT ?? 4280),
      seedDemo: true, buildFrontends: true, quiet: true,
    });
    baseUrl = stack.url;
    cleanup = async () => {
      await stack.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const latest = (await (await fetch(`${baseUrl}/api/articles/latest?limit=1`)).json()) as { slug: string }[];
    const pages = [{ name: 'home', url: `${baseUrl}/` }];
    if (latest[0]) pages.push({ name: 'article', url: `${baseUrl}/article/${encodeURIComponent(latest[0].slug)}` });
    // A learning path's page and its second lesson (an article that shows its place in the path).
    const paths = (await (await fetch(`${baseUrl}/api/learning-paths`)).json()) as { slug: string; lessons: { slug: string }[] }[];
    if (paths[0]) pages.push({ name: 'learn-path', url: `${baseUrl}/learn/${encodeURIComponent(paths[0].slug)}` });
    const lesson = paths[0]?.lessons[1] ?? paths[0]?.lessons[0];
    if (lesson) pages.push({ name: 'lesson', url: `${baseUrl}/article/${encodeURIComponent(lesson.slug)}` });
    // BENCH_PAGES=learn-path,lesson measures only those.
    const only = process.env.BENCH_PAGES?.split(',').map((name) => name.trim()).filter(Boolean);
    if (only?.length) pages.splice(0, pages.length, ...pages.filter((page) => only.includes(page.name)));
    const results: PageSummary[] = [];
    // The machine's 1-minute load average before each run and at the end: other work on it makes blocking time pessimistic.
    const loads: number[] = [];
    for (const page of pages) {
      await fetch(page.url); // warm the server's compressed-asset cache, as a live site would be
      const runs: PageResult[] = [];
      let failedRuns = 0;
      for (let attempt = 0; attempt < RUNS; attempt++) {
        loads.push(loadavg()[0]!);
        try {
          runs.push(await audit(chrome.port, page.name, page.url));
        } catch (err) {
          failedRuns += 1;
          console.warn(`run ${attempt + 1} of ${page.name} failed: ${(err as Error).message}`);
        }
      }
      if (runs.length === 0) throw new Error(`no Lighthouse run of ${page.url} succeeded`);
      printRuns(page.name, runs);
      results.push(summarise(page.name, runs, failedRuns));
    }
    loads.push(loadavg()[0]!);
    console.log(
      `\nLighthouse (mobile settings: 4× CPU slowdown, slow 4G), each figure the median of its own ${RUNS} runs, on ${baseUrl}; ${cpus().length} cores, 1-minute load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the runs (median ${median(loads).toFixed(1)}), ${new Date().toISOString().slice(0, 16)} UTC\n`,
    );
    printTable(results);
    if (results.some((r) => r.failedRuns > 0)) process.exitCode = 1;
  } finally {
    await chrome.kill();
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
