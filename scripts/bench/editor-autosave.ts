// The editor at work while readers read: readers spread over 62 pages (the home page, the article
// list and the 60 newest articles, in brotli) through the gateway, alone and then with the editor
// autosaving an article through the gateway every 2 s, runs alternated. An autosave changes no
// public answer, so it should cost the readers nothing: the table sets the two side by side
// (throughput, p99, CPU per 1,000 answers, and how often the gateway had to ask the content
// service — its lookups of cached answers per 1,000 pages, which other load on the machine does
// not move). Part of `npm run bench`; alone: `npx tsx scripts/bench/editor-autosave.ts` (its own
// stack, BENCH_ARTICLES articles, default 1,000).
import { loadavg } from 'node:os';
import type { Knex } from 'knex';
import { startBenchStack } from './bench-stack.js';
import { childResult, median, spread, withCpu, type Pids } from './bench-stats.js';
import { BROWSER_ACCEPT_ENCODING } from './html-endpoints.js';
import type { PageMixOptions, PageMixResult } from './page-mix.js';
import { scaleArticles } from './scale-articles.js';

const AUTOSAVE_EVERY_MS = 2_000;
const ARTICLE_PAGES = 60;
/** A page in brotli is several KB on the wire; an error answer a few hundred bytes. */
const MIN_PAGE_BYTES = 2_000;

export interface EditorBenchOptions {
  url: string;
  /** The content service's own URL: its lookups of cached answers say how often the gateway asked it. */
  contentUrl: string;
  db: Knex;
  pids: Pids;
  runs: number;
  seconds: number;
  connections: number;
}

/** The table's lines (header first) and what failed. */
export async function editorWhileReading({ url, contentUrl, db, pids, runs, seconds, connections }: EditorBenchOptions): Promise<{ lines: string[]; failures: string[] }> {
  const slugs = (await db('content.articles').where({ status: 'published' }).orderBy('published_at', 'desc').limit(ARTICLE_PAGES).pluck('slug')) as string[];
  const paths = ['/', '/articles', ...slugs.map((slug) => `/article/${encodeURIComponent(slug)}`)];
  const login = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
  const { token } = (await login.json()) as { token: string };
  const edited = (await db('content.articles').where({ slug: slugs[0] }).first('id', 'title', 'category_id', 'version')) as { id: number; title: string; category_id: number | null; version: number };

  // Every page rendered, cached and compressed in brotli before each run (whatever the run before it left).
  const warm = async () => {
    for (const path of paths) {
      for (let tries = 0; tries < 50; tries += 1) {
        const res = await fetch(url + path, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        if (res.headers.get('content-encoding') === 'br') break;
        await new Promise((done) => setTimeout(done, 100));
      }
    }
  };

  let autosaves = 0;
  let autosaveErrors = 0;
  const autosave = async () => {
    autosaves += 1;
    const typed = `${edited.title}（編輯中 ${autosaves}）`;
    const res = await fetch(`${url}/api/articles/admin/${edited.id}/autosave`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: typed, excerpt: '', content: `<p>${typed}</p>`, meta_title: '', meta_description: '', tags: [], category_id: edited.category_id, status: 'published', published_at: null, base_version: edited.version }),
    }).catch(() => undefined);
    await res?.arrayBuffer();
    if (res?.status !== 200) autosaveErrors += 1;
  };
  const read = (secs: number) =>
    childResult<PageMixResult>('page-mix.ts', [JSON.stringify({ base: url, paths, connections, seconds: secs, acceptEncoding: BROWSER_ACCEPT_ENCODING, minBytes: MIN_PAGE_BYTES } satisfies PageMixOptions)]);
  const whileEditing = async (secs: number) => {
    const timer = setInterval(() => void autosave(), AUTOSAVE_EVERY_MS);
    void autosave();
    try {
      return await read(secs);
    } finally {
      clearInterval(timer);
    }
  };

  /** Content's lookups of its cached answers so far: each one a read the gateway did not answer from its cache. */
  const contentLookups = async () => {
    const metrics = await (await fetch(`${contentUrl}/metrics`)).text();
    let total = 0;
    for (const line of metrics.split('\n')) if (line.startsWith('cache_lookups_total{cache="responses"')) total += Number(line.split(' ').pop());
    return total;
  };
  const measured = async (work: () => Promise<PageMixResult>) => {
    const before = await contentLookups();
    const run = await withCpu(pids, work, (r) => r.requests);
    return { ...run, lookupsPer1000: run.result.requests ? (((await contentLookups()) - before) / run.result.requests) * 1000 : undefined };
  };

  await warm();
  await read(2);
  await whileEditing(2);
  const alone: Array<Awaited<ReturnType<typeof measured>>> = [];
  const editing: typeof alone = [];
  for (let run = 0; run < runs; run += 1) {
    await warm();
    alone.push(await measured(() => read(seconds)));
    await warm();
    editing.push(await measured(() => whileEditing(seconds)));
  }
  const failures: string[] = [];
  const readErrors = [...alone, ...editing].reduce((sum, { result }) => sum + result.errors, 0);
  if (readErrors > 0) failures.push(`editor while reading: ${readErrors} page reads failed or came back short`);
  if (autosaveErrors > 0) failures.push(`editor while reading: ${autosaveErrors} of ${autosaves} autosaves failed`);
  const names = Object.keys(pids);
  const row = (label: string, runsOf: typeof alone) =>
    `| ${label} | ${spread(runsOf.map(({ result }) => result.rps))} | ${spread(runsOf.map(({ result }) => result.p99), 1)} | ` +
    `${names.map((name) => spread(runsOf.map(({ cpuPer1000 }) => cpuPer1000[name]))).join(' | ')} | ${spread(runsOf.map(({ lookupsPer1000 }) => lookupsPer1000), 1)} |`;
  const ratio = median(editing.map(({ result }) => result.rps)) / median(alone.map(({ result }) => result.rps));
  return {
    failures,
    lines: [
      `editor while reading (${connections} connections over ${paths.length} pages — home, list, ${slugs.length} articles — in brotli, ${seconds} s runs, ${runs} of each alternated, each after every page is cached; the editor autosaves one article through the gateway every ${AUTOSAVE_EVERY_MS / 1000} s: ${autosaves} autosaves, ${autosaveErrors} failed):`,
      `| readers | pages/s | p99 ms | ${names.map((name) => `${name} CPU ms / 1,000`).join(' | ')} | content lookups / 1,000 |`,
      `|---|---|---|${names.map(() => '---|').join('')}---|`,
      row('alone', alone),
      row('while the editor autosaves', editing),
      `with the editor: ${(ratio * 100).toFixed(0)}% of the readers' throughput alone; load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    ],
  };
}

if (process.argv[1]?.endsWith('editor-autosave.ts')) {
  const stack = await startBenchStack('editor');
  let failed = false;
  try {
    await scaleArticles(stack.db, Number(process.env.BENCH_ARTICLES ?? 1_000));
    const { lines, failures } = await editorWhileReading({
      url: stack.url, contentUrl: stack.contentUrl, db: stack.db, pids: { gateway: stack.pids.gateway, content: stack.pids.content },
      runs: Number(process.env.BENCH_RUNS ?? 3), seconds: Number(process.env.BENCH_SECONDS ?? 10), connections: Number(process.env.BENCH_CONNECTIONS ?? 30),
    });
    console.log(lines.join('\n'));
    if (failures.length > 0) console.error(`\nFAILED:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
    failed = failures.length > 0;
  } finally {
    await stack.stop();
  }
  if (failed) process.exitCode = 1;
}
