// Cached article pages with glossary links against the same pages with linking off
// (docs/benchmarks.md, "Glossary links", Cached pages): the demo site through the gateway, readers
// at many addresses (page-mix: one loopback address per connection) asking every published demo
// article's page in brotli, as browsers do; the glossary's links per article set to 10 and to 0
// (`PUT /api/glossary/admin/settings`), runs alternated, BENCH_RUNS of each after a warm-up that
// renders, caches and compresses every page. req/s and the CPU the gateway and content used per
// 1,000 answers, median (min–max), and the load average. Part of `npm run bench:glossary`; the
// frontends must have been built (`npm start` once, or `npm run build`).
import { cpus, loadavg } from 'node:os';
import { startBenchStack } from './bench-stack.js';
import { childResult, median, spread, withCpu } from './bench-stats.js';
import { BROWSER_ACCEPT_ENCODING } from './html-endpoints.js';
import type { PageMixOptions, PageMixResult } from './page-mix.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LINK_SETTINGS = [10, 0] as const;

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function main() {
  const stack = await startBenchStack('glossarypages');
  const failures: string[] = [];
  try {
    const { url, db } = stack;
    const slugs = (await db('content.articles').where({ status: 'published' }).orderBy('published_at', 'desc').pluck('slug')) as string[];
    const paths = slugs.map((slug) => `/article/${encodeURIComponent(slug)}`);
    const login = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
    const { token } = (await login.json()) as { token: string };

    const setLinks = async (maxLinks: number) => {
      const res = await fetch(`${url}/api/glossary/admin/settings`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ max_links: maxLinks }) });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`PUT /api/glossary/admin/settings answered ${res.status}`);
    };
    /** Every page rendered with the setting, cached and in brotli; the links the pages carry and their mean size on the wire. */
    const warm = async () => {
      let links = 0;
      let bytes = 0;
      let html = 0;
      for (const path of paths) {
        const plain = await fetch(url + path);
        const text = await plain.text();
        if (plain.status !== 200) throw new Error(`${path} answered ${plain.status}`);
        links += text.match(/class="gl-term"/g)?.length ?? 0;
        html += Buffer.byteLength(text);
        for (let tries = 0; tries < 50; tries += 1) {
          const res = await fetch(url + path, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
          await res.arrayBuffer();
          if (res.headers.get('content-encoding') === 'br') {
            bytes += Number(res.headers.get('content-length') ?? NaN);
            break;
          }
          await new Promise((done) => setTimeout(done, 100));
        }
      }
      return { links, meanBytes: bytes / paths.length, meanHtml: html / paths.length };
    };
    const read = (seconds: number, minBytes: number) =>
      childResult<PageMixResult>('page-mix.ts', [JSON.stringify({ base: url, paths, connections: CONNECTIONS, seconds, acceptEncoding: BROWSER_ACCEPT_ENCODING, minBytes } satisfies PageMixOptions)]);

    const pids = { gateway: stack.pids.gateway, content: stack.pids.content };
    const runs = new Map<number, Array<Awaited<ReturnType<typeof withCpu<PageMixResult>>>>>(LINK_SETTINGS.map((n) => [n, []]));
    const shape = new Map<number, { links: number; meanBytes: number; meanHtml: number }>();
    const loadAtStart = load();
    for (let run = 0; run < RUNS; run += 1) {
      for (const maxLinks of LINK_SETTINGS) {
        await setLinks(maxLinks);
        const warmed = await warm();
        shape.set(maxLinks, warmed);
        if (maxLinks > 0 && warmed.links === 0) failures.push(`max_links ${maxLinks}: no page carries a glossary link`);
        if (maxLinks === 0 && warmed.links > 0) failures.push(`max_links 0: ${warmed.links} glossary links still in the pages`);
        const minBytes = Number.isFinite(warmed.meanBytes) ? Math.floor(warmed.meanBytes / 4) : 1000;
        await read(2, minBytes);
        const measured = await withCpu(pids, () => read(SECONDS, minBytes), (r) => r.requests);
        if (measured.result.errors > 0) failures.push(`max_links ${maxLinks}, run ${run + 1}: ${measured.result.errors} answers failed`);
        runs.get(maxLinks)!.push(measured);
      }
    }
    await setLinks(10);

    console.log(`Glossary links in cached article pages, ${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; load average at the start ${loadAtStart}, at the end ${load()}`);
    console.log(`${paths.length} demo article pages in brotli, ${CONNECTIONS} connections each from its own loopback address, ${SECONDS} s per run, ${RUNS} runs of each setting alternated, each after every page was rendered, cached and compressed. Median (min–max).`);
    console.log('| glossary max_links | links in the pages | mean page (HTML / brotli) | req/s | p99 ms | gateway CPU ms / 1,000 | content CPU ms / 1,000 |\n|---|---|---|---|---|---|---|');
    for (const maxLinks of LINK_SETTINGS) {
      const measured = runs.get(maxLinks)!;
      const { links, meanBytes, meanHtml } = shape.get(maxLinks)!;
      console.log(
        `| ${maxLinks} | ${links} | ${(meanHtml / 1024).toFixed(1)} KB / ${Number.isFinite(meanBytes) ? `${(meanBytes / 1024).toFixed(1)} KB` : 'n/a'} | ${spread(measured.map(({ result }) => result.rps))} | ${spread(measured.map(({ result }) => result.p99), 1)} | ` +
          `${spread(measured.map(({ cpuPer1000 }) => cpuPer1000.gateway))} | ${spread(measured.map(({ cpuPer1000 }) => cpuPer1000.content))} |`,
      );
    }
    // The issue's figure: cached pages with links cost the gateway no more than the same pages without.
    const gateway = (maxLinks: number) => runs.get(maxLinks)!.map(({ cpuPer1000 }) => cpuPer1000.gateway).filter((v): v is number => v !== undefined);
    const [withLinks, without] = [gateway(LINK_SETTINGS[0]), gateway(LINK_SETTINGS[1])];
    if (withLinks.length > 0 && without.length > 0) {
      const overlap = Math.min(...withLinks) <= Math.max(...without) && Math.min(...without) <= Math.max(...withLinks);
      const change = (median(withLinks) / median(without) - 1) * 100;
      console.log(
        `gateway CPU per 1,000 cached pages, links on against off: ${median(withLinks).toFixed(0)} against ${median(without).toFixed(0)} ms (${change >= 0 ? '+' : ''}${change.toFixed(0)}%); ` +
          `the runs' ranges ${overlap ? 'overlap (no difference shown at this load)' : 'do not overlap'}`,
      );
    }
  } finally {
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
