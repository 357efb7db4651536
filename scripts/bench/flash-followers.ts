// Open pages following 快訊 as the browser's live script does (frontends/public/src/pages/flash/flash-live.ts):
// each page its own loopback address (127.20.x.y) and keep-alive agent, asking GET /api/flash/live every
// `pollMs` ± 1 s (first ask at a random moment in the first interval), revalidating with the ETag it
// holds (a 304 when unchanged). Each page notes when it first sees an item whose text holds `watch`.
// Run as its own process (no event loop shared with the servers measured); prints a FollowersResult.
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { readerAddress } from './readers.js';

export interface FollowersOptions {
  base: string;
  pages: number;
  seconds: number;
  pollMs: number;
  /** The text of the item whose arrival is timed. */
  watch: string;
  /** Written once the first poll is answered: the bench starts its clock then, not when this process was spawned. */
  readyFile?: string;
}

export interface FollowersResult {
  /** Polls sent (answered or not). */
  requests: number;
  ok: number;
  notModified: number;
  errors: number;
  /** Per page: when (epoch ms) it first saw the watched item; null when it never did. */
  seen: Array<number | null>;
  /** Polls answered (200 or 304) per whole second, keyed by epoch second: the rate over any window. */
  answeredPerSecond: Record<number, number>;
}

const LIVE = '/api/flash/live';

export async function runFollowers({ base, pages, seconds, pollMs, watch, readyFile }: FollowersOptions): Promise<FollowersResult> {
  const target = new URL(base);
  const result: FollowersResult = { requests: 0, ok: 0, notModified: 0, errors: 0, seen: new Array<number | null>(pages).fill(null), answeredPerSecond: {} };
  let ready = false;
  const answered = () => {
    if (!ready && readyFile) writeFileSync(readyFile, String(Date.now()));
    ready = true;
    const second = Math.floor(Date.now() / 1000);
    result.answeredPerSecond[second] = (result.answeredPerSecond[second] ?? 0) + 1;
  };
  /** One parse per distinct answer: every page gets the same bytes. */
  const holds = new Map<string, boolean>();
  const deadline = Date.now() + seconds * 1000;
  const timers = new Set<NodeJS.Timeout>();

  const follow = (k: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: readerAddress(k) });
    let etag: string | undefined;
    const ask = () => {
      if (Date.now() >= deadline) {
        agent.destroy();
        return;
      }
      result.requests += 1;
      const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'cache-control': 'no-cache' };
      if (etag) headers['if-none-match'] = etag;
      const req = request({ hostname: target.hostname, port: target.port, path: LIVE, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode === 304) {
            result.notModified += 1;
            answered();
          } else if (res.statusCode === 200) {
            result.ok += 1;
            answered();
            etag = res.headers.etag;
            // Remembered per ETag; an answer without one is looked at every time.
            let has = etag === undefined ? undefined : holds.get(etag);
            if (has === undefined) {
              // The watched text is looked for in what the page would parse, decoded once per answer.
              const raw = Buffer.concat(chunks);
              const encoding = res.headers['content-encoding'];
              const body = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw).toString('utf8');
              has = body.includes(watch);
              if (etag !== undefined) holds.set(etag, has);
            }
            if (has && result.seen[k] === null) result.seen[k] = Date.now();
          } else result.errors += 1;
          next();
        });
        res.on('error', () => {
          result.errors += 1;
          next();
        });
      });
      req.on('error', () => {
        result.errors += 1;
        next();
      });
      req.end();
    };
    const next = () => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        ask();
      }, pollMs - 1000 + Math.random() * 2000);
      timers.add(timer);
    };
    const first = setTimeout(() => {
      timers.delete(first);
      ask();
    }, Math.random() * pollMs);
    timers.add(first);
  };
  for (let k = 0; k < pages; k += 1) follow(k);
  await new Promise((done) => setTimeout(done, seconds * 1000 + pollMs + 2000));
  for (const timer of timers) clearTimeout(timer);
  return result;
}

if (process.argv[1]?.endsWith('flash-followers.ts')) {
  const options = JSON.parse(process.argv[2]!) as FollowersOptions;
  process.stdout.write(JSON.stringify(await runFollowers(options)));
  process.exit(0);
}
