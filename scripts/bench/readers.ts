// Readers as they arrive at a news site: each from its own address (a loopback address
// 127.x.y.z bound as the socket's local address, so the gateway counts it as its own client) with
// its own user agent, on a connection of its own, reading a few articles: for each, the page
// and then, if asked, its view beacon (POST …/views?pv=<uuid>). Every reader is new, so every
// beacon is a first view and takes the counting path. Runs as its own process (no event loop
// shared with the servers measured) and prints a ReaderResult as JSON.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';

export interface ReaderOptions {
  base: string;
  /** Article slugs; reader k reads `viewsPerReader` of them starting at k × viewsPerReader. */
  slugs: string[];
  /** Readers reading at once. */
  concurrency: number;
  seconds: number;
  viewsPerReader: number;
  /** Send each page view's beacon after its page. */
  beacons: boolean;
  /** Readers are numbered from here (each run of a bench uses fresh ones: no reader is seen twice). */
  firstReader: number;
  acceptEncoding?: string;
  /** A page shorter than this is an error (a page is re-rendered when what it shows changes, so its exact length may too). */
  minPageBytes?: number;
}

export interface ReaderResult {
  /** Page views completed without error (page, and beacon when sent). */
  views: number;
  rate: number;
  /** Per page view (page + beacon), ms. */
  p50: number;
  p99: number;
  errors: number;
  counted: number;
  notCounted: number;
  readers: number;
  nextReader: number;
}

/** Reader k's address: 127.20.0.1 onwards, one per reader. */
export function readerAddress(k: number): string {
  return `127.${20 + (k >> 16)}.${(k >> 8) & 255}.${k & 255}`;
}

interface Answer {
  status: number;
  body: Buffer;
}

function send(agent: Agent, url: URL, method: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

export async function runReaders(options: ReaderOptions): Promise<ReaderResult> {
  const { base, slugs, concurrency, seconds, viewsPerReader, beacons, acceptEncoding, minPageBytes } = options;
  const latencies: number[] = [];
  let errors = 0;
  let counted = 0;
  let notCounted = 0;
  let next = options.firstReader;
  const deadline = performance.now() + seconds * 1000;
  const reader = async (k: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: readerAddress(k) });
    const userAgent = `Mozilla/5.0 (Linux; Android 14; bench reader ${k}) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36`;
    try {
      for (let view = 0; view < viewsPerReader && performance.now() < deadline; view += 1) {
        const slug = slugs[(k * viewsPerReader + view) % slugs.length]!;
        const started = performance.now();
        try {
          const page = await send(agent, new URL(`/article/${encodeURIComponent(slug)}`, base), 'GET', { 'user-agent': userAgent, accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) });
          if (page.status !== 200 || page.body.length < (minPageBytes ?? 1)) throw new Error(`page ${page.status}, ${page.body.length} B`);
          if (beacons) {
            const beacon = await send(agent, new URL(`/api/articles/${encodeURIComponent(slug)}/views?pv=${randomUUID()}`, base), 'POST', { 'user-agent': userAgent, accept: 'application/json', 'content-length': '0' });
            const answer = beacon.status === 200 ? (JSON.parse(beacon.body.toString('utf8')) as { counted?: unknown }) : undefined;
            if (typeof answer?.counted !== 'boolean') throw new Error(`beacon ${beacon.status}`);
            if (answer.counted) counted += 1;
            else notCounted += 1;
          }
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
        }
      }
    } finally {
      agent.destroy();
    }
  };
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await reader(next++);
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { views: latencies.length, rate: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, counted, notCounted, readers: next - options.firstReader, nextReader: next };
}

if (process.argv[1]?.endsWith('readers.ts')) {
  runReaders(JSON.parse(process.argv[2]!) as ReaderOptions).then((result) => process.stdout.write(JSON.stringify(result)));
}
