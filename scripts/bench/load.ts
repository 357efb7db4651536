// A bounded HTTP load generator for loopback benchmarks: `connections` keep-alive clients
// send GETs back to back for `seconds`, then it prints {rps, p50, p99, errors} as JSON.
// With a beacon list, every fifth request of each client is instead a view beacon
// (POST …/views?pv=<uuid>) to the next article of the list; the read figures count reads only.
// With LOAD_ACCEPT_ENCODING set, each read sends it as Accept-Encoding (as a browser does).
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
  beacons: number;
  beaconErrors: number;
}

export const READS_PER_BEACON = 5;

export async function runLoad(url: string, connections: number, seconds: number, beaconUrls: string[] = [], acceptEncoding?: string): Promise<LoadResult> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let beacons = 0;
  let beaconErrors = 0;
  let nextBeacon = 0;
  const deadline = performance.now() + seconds * 1000;
  const readHeaders = acceptEncoding ? { accept: 'application/json', 'accept-encoding': acceptEncoding } : { accept: 'application/json' };
  const send = (method: string, hostname: string, port: string, path: string, done: (status: number | undefined) => void) => {
    const req = request({ method, hostname, port, path, agent, headers: method === 'GET' ? readHeaders : { accept: 'application/json' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => done(res.statusCode));
    });
    req.on('error', () => done(undefined));
    req.end();
  };
  const read = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      send('GET', target.hostname, target.port, target.pathname + target.search, (status) => {
        if (status === undefined) errors += 1;
        else {
          latencies.push(performance.now() - started);
          if (status >= 300) non2xx += 1;
        }
        resolve();
      });
    });
  const beacon = () =>
    new Promise<void>((resolve) => {
      const beaconUrl = new URL(beaconUrls[nextBeacon++ % beaconUrls.length]!);
      beaconUrl.searchParams.set('pv', randomUUID());
      send('POST', beaconUrl.hostname, beaconUrl.port, beaconUrl.pathname + beaconUrl.search, (status) => {
        beacons += 1;
        if (status === undefined || status >= 300) beaconErrors += 1;
        resolve();
      });
    });
  const worker = async () => {
    let sent = 0;
    while (performance.now() < deadline) {
      sent += 1;
      if (beaconUrls.length > 0 && sent % (READS_PER_BEACON + 1) === 0) await beacon();
      else await read();
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, non2xx, beacons, beaconErrors };
}

if (process.argv[1]?.endsWith('load.ts')) {
  const [url, connections, seconds, beaconFile] = process.argv.slice(2);
  const beaconUrls = beaconFile ? (JSON.parse(readFileSync(beaconFile, 'utf8')) as string[]) : [];
  runLoad(url!, Number(connections ?? 50), Number(seconds ?? 5), beaconUrls, process.env.LOAD_ACCEPT_ENCODING || undefined).then((result) => {
    process.stdout.write(JSON.stringify(result));
  });
}
