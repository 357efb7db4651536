// `npx tsx scripts/bench/beacon-cost.ts`: CPU time per view beacon, gateway, content and Redis, on
// the stack of `npm run bench` (machine's Postgres and Redis, demo content), beacons alone from
// readers at many addresses (every one a first view, counted; not counted is a failure), rounds
// alternating between the gateway's beacon lane (beacons handed to the content service in batches)
// and its middleware chain (an extra query parameter sends a beacon through the chain: proxied
// alone to the content service's single route, as every beacon was before the batches).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { startBenchStack } from './bench-stack.js';
import { readerAddress } from './readers.js';
import { cpuMsOf } from './cpu-time.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * Sends beacons for `seconds` as readers do: `CONNECTIONS` readers at once, each new, from its own
 * loopback address with its own user agent, on its own connection, one beacon for each of 3
 * articles, so every beacon is a first view on the counting path. Answers how many were counted.
 */
async function beacons(base: string, slugs: string[], seconds: number, query: string): Promise<{ sent: number; counted: number; failed: number }> {
  const target = new URL(base);
  const deadline = performance.now() + seconds * 1000;
  let sent = 0;
  let counted = 0;
  let failed = 0;
  const one = (agent: Agent, userAgent: string, slug: string) =>
    new Promise<void>((done) => {
      const path = `/api/articles/${encodeURIComponent(slug)}/views?pv=${randomUUID()}${query}`;
      const req = request({ method: 'POST', hostname: target.hostname, port: target.port, path, agent, headers: { accept: 'application/json', 'user-agent': userAgent, 'content-length': '0' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          sent += 1;
          const answer = res.statusCode === 200 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { counted?: boolean }) : undefined;
          if (answer?.counted === true) counted += 1;
          else failed += 1;
          done();
        });
      });
      req.on('error', () => ((failed += 1), done()));
      req.end();
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const k = nextReader++;
        const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: readerAddress(k) });
        const userAgent = `Mozilla/5.0 (bench reader ${k})`;
        for (let view = 0; view < 3 && performance.now() < deadline; view += 1) await one(agent, userAgent, slugs[(k * 3 + view) % slugs.length]!);
        agent.destroy();
      }
    }),
  );
  return { sent, counted, failed };
}
let nextReader = 1;

/** The machine's Redis server (shared: its figure includes anything else using it). */
function redisPid(): number | undefined {
  try {
    return Number(execFileSync('pgrep', ['-o', '-x', 'redis-server'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

async function main() {
  const stack = await startBenchStack('beacon');
  const { db } = stack;
  try {
    const slugs = (await db('content.articles').where({ status: 'published' }).orderBy('id').limit(50).pluck('slug')) as string[];
    await beacons(stack.url, slugs, 2, '');
    console.log(`beacons alone, ${CONNECTIONS} connections, ${SECONDS} s per round, ${slugs.length} articles; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log('(CPU ms per beacon: the process\'s CPU time (user + system, /proc) during the round over the beacons answered; idle: its CPU ms per second just before, not subtracted)');
    console.log('| round | path in the gateway | beacons/s | counted | failed or not counted | gateway CPU ms / beacon | content CPU ms / beacon | Redis CPU ms / beacon | all three | idle gateway / content / Redis CPU ms/s |\n|---|---|---|---|---|---|---|---|---|---|');
    const redis = redisPid();
    const cpuOf = () => [cpuMsOf(stack.pids.gateway!)!, cpuMsOf(stack.pids.content!)!, redis === undefined ? 0 : (cpuMsOf(redis) ?? 0)];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [name, query] of [['lane', ''], ['chain', '&via=chain']] as const) {
        const idleFrom = cpuOf();
        await new Promise((r) => setTimeout(r, 2000));
        const idle = cpuOf().map((to, i) => (to - idleFrom[i]!) / 2);
        const before = cpuOf();
        const started = performance.now();
        const { sent, counted, failed } = await beacons(stack.url, slugs, SECONDS, query);
        if (failed > 0) process.exitCode = 1;
        const elapsedMs = performance.now() - started;
        const [gateway, content, redisMs] = cpuOf().map((to, i) => (to - before[i]!) / sent);
        console.log(
          `| ${round} | ${name} | ${((sent * 1000) / elapsedMs).toFixed(0)} | ${counted} | ${failed} | ${gateway!.toFixed(3)} | ${content!.toFixed(3)} | ${redisMs!.toFixed(3)} | ${(gateway! + content! + redisMs!).toFixed(3)} | ${idle.map((ms) => ms.toFixed(0)).join(' / ')} |`,
        );
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
