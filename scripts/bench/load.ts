// A bounded HTTP load generator for loopback benchmarks: `connections` keep-alive clients
// send GETs back to back for `seconds`, then it prints {rps, p50, p99, errors} as JSON.
// With a beacon list, every fifth request of each client is instead a view beacon
// (POST …/views?pv=<uuid>) to the next article of the list; the read figures count reads only.
// With LOAD_ACCEPT_ENCODING set, each read sends it as Accept-Encoding (as a browser does).
// With LOAD_EXPECT_BYTES set, only a 2xx answer of that length counts as an answered read;
// anything else is counted in `non2xx` (a wrong status) or `badBodies` (a wrong body).
// Each connection comes from its own loopback address (127.30.x.y), as many readers do: the
// gateway caps what one address may hold at once (GATEWAY_REQUESTS_PER_CLIENT).
// Run as its own process so it does not share an event loop with the servers measured.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  badBodies: number;
  beacons: number;
  beaconErrors: number;
}

export const READS_PER_BEACON = 5;

export async function runLoad(url: string, connections: number, seconds: number, beaconUrls: string[] = [], acceptEncoding?: string, expectBytes?: number): Promise<LoadResult> {
  const target = new URL(url);
  const agents = Array.from({ length: connections }, (_, i) => new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.30.${(i + 1) >> 8}.${(i + 1) & 255}` }));
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let badBodies = 0;
  let beacons = 0;
  let beaconErrors = 0;
  let nextBeacon = 0;
  const deadline = performance.now() + seconds * 1000;
  const readHeaders = acceptEncoding ? { accept: 'application/json', 'accept-encoding': acceptEncoding } : { accept: 'application/json' };
  const send = (agent: Agent, method: string, hostname: string, port: string, path: string, done: (status: number | undefined, bytes: number) => void) => {
    const req = request({ method, hostname, port, path, agent, headers: method === 'GET' ? readHeaders : { accept: 'application/json' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done(res.statusCode, bytes));
    });
    req.on('error', () => done(undefined, 0));
    req.end();
  };
  const read = (agent: Agent) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      send(agent, 'GET', target.hostname, target.port, target.pathname + target.search, (status, bytes) => {
        if (status === undefined) errors += 1;
        else if (status < 200 || status >= 300) non2xx += 1;
        else if (expectBytes !== undefined && bytes !== expectBytes) badBodies += 1;
        else latencies.push(performance.now() - started);
        resolve();
      });
    });
  const beacon = (agent: Agent) =>
    new Promise<void>((resolve) => {
      const beaconUrl = new URL(beaconUrls[nextBeacon++ % beaconUrls.length]!);
      beaconUrl.searchParams.set('pv', randomUUID());
      send(agent, 'POST', beaconUrl.hostname, beaconUrl.port, beaconUrl.pathname + beaconUrl.search, (status) => {
        beacons += 1;
        if (status === undefined || status >= 300) beaconErrors += 1;
        resolve();
      });
    });
  const worker = async (agent: Agent) => {
    let sent = 0;
    while (performance.now() < deadline) {
      sent += 1;
      if (beaconUrls.length > 0 && sent % (READS_PER_BEACON + 1) === 0) await beacon(agent);
      else await read(agent);
    }
  };
  const began = performance.now();
  await Promise.all(agents.map(worker));
  const elapsed = (performance.now() - began) / 1000;
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, non2xx, badBodies, beacons, beaconErrors };
}

if (process.argv[1]?.endsWith('load.ts')) {
  const [url, connections, seconds, beaconFile] = process.argv.slice(2);
  const beaconUrls = beaconFile ? (JSON.parse(readFileSync(beaconFile, 'utf8')) as string[]) : [];
  const expectBytes = process.env.LOAD_EXPECT_BYTES ? Number(process.env.LOAD_EXPECT_BYTES) : undefined;
  runLoad(url!, Number(connections ?? 50), Number(seconds ?? 5), beaconUrls, process.env.LOAD_ACCEPT_ENCODING || undefined, expectBytes).then((result) => {
    process.stdout.write(JSON.stringify(result));
  });
}
