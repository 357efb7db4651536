// `npx tsx scripts/bench/nav-bench.ts`: moving between public pages on a phone (Debian Chromium,
// 4× CPU slowdown, Lighthouse's "slow 4G" as DevTools throttling), two ways from the same
// server-rendered page: the app's client navigation (what a click on a link does) against a full
// page load from the gateway's cache. Each way, BENCH_RUNS times: home → an article (the first
// move, which loads the whole app for client navigation), then → a related article (a later move).
// Time from the click to the new article's title and body on screen. Uses BENCH_URL or its own stack.
import { loadavg, cpus } from 'node:os';
import { chromium, type Page } from 'playwright';
import { startBenchStack } from './bench-stack.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Moves by `how` along the link `selector`, resolving with the ms until the article it names is on screen. */
async function move(page: Page, selector: string, how: 'client' | 'full'): Promise<number> {
  const link = page.locator(selector).first();
  const href = (await link.getAttribute('href'))!;
  const start = Date.now();
  if (how === 'client') await link.click();
  else await page.evaluate((to) => window.location.assign(to), href);
  await page.waitForURL((url) => url.pathname === decodeURI(href) || url.pathname === href);
  await page.locator('h1').first().waitFor();
  await page.locator('[data-testid="article-content"] h2, [data-testid="article-content"] p').first().waitFor();
  return Date.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const stack = process.env.BENCH_URL ? null : await startBenchStack('nav');
  const base = process.env.BENCH_URL ?? stack!.url;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const results: Record<string, number[]> = { 'client, first move': [], 'client, later move': [], 'full load, first move': [], 'full load, later move': [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const how of ['client', 'full'] as const) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        const page = await context.newPage();
        // The scripts are in the browser's cache, as for a reader who has been here before.
        await page.goto(`${base}/`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await page.goto(`${base}/`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await throttle(page);
        const label = how === 'client' ? 'client' : 'full load';
        results[`${label}, first move`]!.push(await move(page, '[data-testid="latest-articles"] a[href^="/article/"]', how));
        results[`${label}, later move`]!.push(await move(page, '[data-testid="related-articles"] a[href^="/article/"]', how));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await stack?.stop();
  }
  console.log(`\nMoving between pages (4× CPU, slow 4G, scripts cached), ms from the click to the article on screen, median of ${RUNS} (min–max); ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const [row, values] of Object.entries(results)) console.log(`  ${row.padEnd(22)} ${median(values)} (${Math.min(...values)}–${Math.max(...values)})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
