// The price ticker's cost per cached-page response (docs/adr/0017): one demo home page as the
// gateway keeps it (nonce placeholders, the ticker slot), answered from its kept compressed form
// with and without the ticker's slot, while the ticker changes every 100 responses (a price
// update every 30 s at a few hundred pages a second). Usage: tsx scripts/bench/ticker-holes-bench.ts <page.html>
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { TICKER_SLOT_MARKER } from '@coinmag/contracts/ticker-slot';
import { renderTickerHtml } from '@coinmag/rules';
import { CSP_NONCE_ATTRIBUTE, newCspNonce } from '../../gateway/src/csp/nonce.js';
import { PrecompressedPages } from '../../gateway/src/frontends/precompressed/precompressed-pages.js';
import { padToHole, TICKER_HOLE_BYTES, type PageTicker } from '../../gateway/src/markets/page-ticker.js';

const served = readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8');
// Back to the cached form: nonce placeholders, and the slot's marker where the ticker was written.
const cached = served.replace(/nonce="[A-Za-z0-9+/=]{24}"/g, CSP_NONCE_ATTRIBUTE).replace(/<div id="cm-ticker-slot">[\s\S]*?<\/aside> *<\/div>/, `<div id="cm-ticker-slot">${TICKER_SLOT_MARKER}</div>`);
const withSlot = Buffer.from(cached);
const withoutSlot = Buffer.from(cached.replace(`<div id="cm-ticker-slot">${TICKER_SLOT_MARKER}</div>`, ''));

let version = 0;
const coins = (n: number) => ['btc', 'eth', 'usdt', 'sol'].map((symbol, i) => ({ symbol, name: symbol, twd: 3_000_000 / (i + 1) + n, usd: 94_000 / (i + 1), change24h: (n % 7) - 3, at: new Date().toISOString() }));
let drawn = padToHole(renderTickerHtml(coins(0), Date.now()), TICKER_HOLE_BYTES)!;
const ticker: PageTicker = { holeBytes: TICKER_HOLE_BYTES, hole: () => drawn };

async function run(page: Buffer, pages: PrecompressedPages, responses: number, encoding: 'br' | 'gzip') {
  await pages.formsFor(page);
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  let bytes = 0;
  for (let i = 0; i < responses; i += 1) {
    if (i % 100 === 0) drawn = padToHole(renderTickerHtml(coins((version += 1)), Date.now()), TICKER_HOLE_BYTES)!;
    const answer = pages.answerNow(page, newCspNonce(), encoding);
    if (!answer) throw new Error('no kept form');
    bytes += answer.body.length;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  return { perSecond: responses / seconds, cpuMsPer1000: ((used.user + used.system) / 1000 / responses) * 1000, bytes: bytes / responses };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const encoding of ['br', 'gzip'] as const) {
  const results: Record<string, Array<Awaited<ReturnType<typeof run>>>> = { without: [], with: [] };
  for (let round = 0; round < 5; round += 1) {
    results.without!.push(await run(withoutSlot, new PrecompressedPages(), 20_000, encoding));
    results.with!.push(await run(withSlot, new PrecompressedPages(undefined, ticker), 20_000, encoding));
  }
  for (const [name, list] of Object.entries(results)) {
    const rates = list.map((r) => r.perSecond);
    console.log(`${encoding} ${name} ticker: ${median(rates).toFixed(0)} responses/s (${Math.min(...rates).toFixed(0)}–${Math.max(...rates).toFixed(0)}), CPU ${median(list.map((r) => r.cpuMsPer1000)).toFixed(1)} ms per 1,000, ${median(list.map((r) => r.bytes)).toFixed(0)} bytes each`);
  }
}
console.log(`load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
