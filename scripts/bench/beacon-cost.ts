// `npx tsx scripts/bench/beacon-cost.ts`: CPU time per view beacon, gateway and content, on the
// stack of `npm run bench` (machine's Postgres and Redis, demo content), beacons alone, rounds
// alternating between the gateway's beacon lane and its middleware chain (an extra query
// parameter sends a beacon through the chain; the content service takes both alike).
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { startBenchStack } from './bench-stack.js';
import { cpuMsOf } from './cpu-time.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Sends beacons for `seconds` over `CONNECTIONS` keep-alive connections; answers how many and how many failed. */
async function beacons(base: string, slugs: string[], seconds: number, query: string): Promise<{ sent: number; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(base);
  const deadline = performance.now() + seconds * 1000;
  let sent = 0;
  let failed = 0;
  let next = 0;
  const one = () =>
    new Promise<void>((done) => {
      const path = `/api/articles/${encodeURIComponent(slugs[next++ % slugs.length]!)}/views?pv=${randomUUID()}${query}`;
      const req = request({ method: 'POST', hostname: target.hostname, port: target.port, path, agent, headers: { accept: 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => {
          sent += 1;
          if (res.statusCode !== 200) failed += 1;
          done();
        });
      });
      req.on('error', () => ((failed += 1), done()));
      req.end();
    });
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() < deadline) await one();
  }));
  agent.destroy();
  return { sent, failed };
}

async function main() {
  const stack = await startBenchStack('beacon');
  const { db } = stack;
  try {
    const slugs = (await db('content.articles').where({ status: 'published' }).orderBy('id').limit(50).pluck('slug')) as string[];
    await beacons(stack.url, slugs, 2, '');
    console.log(`beacons alone, ${CONNECTIONS} connections, ${SECONDS} s per round, ${slugs.length} articles; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('(CPU ms per beacon: the process\'s CPU time (user + system, /proc) during the round over the beacons answered; idle: its CPU ms per second just before, not subtracted)');
    console.log('| round | path in the gateway | beacons/s | failed | gateway CPU ms / beacon | content CPU ms / beacon | idle gateway / content CPU ms/s |\n|---|---|---|---|---|---|---|');
    const cpuOf = () => [cpuMsOf(stack.pids.gateway!)!, cpuMsOf(stack.pids.content!)!];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, query] of [['lane', ''], ['chain', '&via=chain']] as const) {
        const idleFrom = cpuOf();
        await new Promise((r) => setTimeout(r, 2000));
        const idle = cpuOf().map((to, i) => (to - idleFrom[i]!) / 2);
        const before = cpuOf();
        const started = performance.now();
        const { sent, failed } = await beacons(stack.url, slugs, SECONDS, query);
        const elapsedMs = performance.now() - started;
        const [gateway, content] = cpuOf().map((to, i) => (to - before[i]!) / sent);
        console.log(`| ${round} | ${name} | ${((sent * 1000) / elapsedMs).toFixed(0)} | ${failed} | ${gateway!.toFixed(3)} | ${content!.toFixed(3)} | ${idle.map((ms) => ms.toFixed(0)).join(' / ')} |`);
      }
    }
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
