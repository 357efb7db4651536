// A bounded HTTP load generator for loopback benchmarks: `connections` keep-alive clients
// send GETs back to back for `seconds`, then it prints {rps, p50, p99, errors} as JSON.
// Run as its own process so it does not share an event loop with the servers measured.
import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function runLoad(url: string, connections: number, seconds: number): Promise<LoadResult> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = request({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: { accept: 'application/json' } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if ((res.statusCode ?? 0) >= 300) non2xx += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (performance.now() < deadline) await once();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, non2xx };
}

if (process.argv[1]?.endsWith('load.ts')) {
  const [url, connections, seconds] = process.argv.slice(2);
  runLoad(url!, Number(connections ?? 50), Number(seconds ?? 5)).then((result) => {
    process.stdout.write(JSON.stringify(result));
  });
}
