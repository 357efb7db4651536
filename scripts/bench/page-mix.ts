// Readers spread over many pages: `connections` keep-alive clients, each from its own loopback
// address (127.40.x.y), each asking the paths in turn from its own starting point, back to back,
// for `seconds`, as browsers ask (Accept-Encoding). Only a 200 at least `minBytes` long counts as
// answered. Run as its own process (no event loop shared with the servers measured); prints a
// PageMixResult as JSON.
import { Agent, request } from 'node:http';

export interface PageMixOptions {
  base: string;
  paths: string[];
  connections: number;
  seconds: number;
  acceptEncoding: string;
  minBytes: number;
}

export interface PageMixResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** No answer, another status, or a body too short. */
  errors: number;
}

export async function runPageMix({ base, paths, connections, seconds, acceptEncoding, minBytes }: PageMixOptions): Promise<PageMixResult> {
  const target = new URL(base);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const ask = (agent: Agent, path: string) =>
    new Promise<void>((done) => {
      const started = performance.now();
      const req = request({ hostname: target.hostname, port: target.port, path, agent, headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode === 200 && bytes >= minBytes) latencies.push(performance.now() - started);
          else errors += 1;
          done();
        });
      });
      req.on('error', () => {
        errors += 1;
        done();
      });
      req.end();
    });
  const client = async (i: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.40.${(i + 1) >> 8}.${(i + 1) & 255}` });
    for (let n = i; performance.now() < deadline; n += 1) await ask(agent, paths[n % paths.length]!);
    agent.destroy();
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, i) => client(i)));
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

if (process.argv[1]?.endsWith('page-mix.ts')) {
  runPageMix(JSON.parse(process.argv[2]!) as PageMixOptions).then((result) => process.stdout.write(JSON.stringify(result)));
}
