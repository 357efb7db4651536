// `npm run bench`: every figure the issues ask for, one suite after another, each its own script
// (runnable alone), each repeating its runs and printing medians with their spread and CPU per
// request. `BENCH_ONLY=api,flash` runs the named suites only; a failed suite fails the whole run
// after the others have run.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

interface Suite {
  name: string;
  /** The script under scripts/bench/ and its arguments. */
  script: string;
  what: string;
}

/** In the order they run. */
const SUITES: Suite[] = [
  { name: 'api', script: 'api-bench.ts', what: 'the public API and pages through the gateway beside a bare server; page views; readers while the editor autosaves' },
  { name: 'flash', script: 'flash-bench.ts', what: '快訊 followed by 10,000 open pages beside readers of article pages' },
  { name: 'glossary', script: 'glossary-bench.ts', what: 'linking the glossary into an article' },
  { name: 'glossary-pages', script: 'glossary-pages-bench.ts', what: 'cached article pages with glossary links' },
  { name: 'markets', script: 'markets-bench.ts', what: 'cached article pages with the price ticker beside them without it while prices refresh; the providers failing for 10 minutes (MARKETS_BENCH_OUTAGE_S)' },
];

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
const unknown = only?.filter((name) => !SUITES.some((suite) => suite.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`unknown suite(s): ${unknown.join(', ')} (known: ${SUITES.map((suite) => suite.name).join(', ')})`);
  process.exit(2);
}
const failed: string[] = [];
for (const suite of SUITES.filter((s) => !only || only.includes(s.name))) {
  console.log(`\n==> bench ${suite.name}: ${suite.what}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, suite.script)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(`${suite.name} (exit ${run.status ?? run.signal})`);
}
if (failed.length > 0) {
  console.error(`\nbench: failed: ${failed.join(', ')}`);
  process.exit(1);
}
