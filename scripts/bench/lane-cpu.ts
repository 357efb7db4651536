// Gateway CPU per 1,000 fresh cached API answers, the gateway in this process (its own CPU time,
// process.cpuUsage): the edge's cheapest path, measured alone, two ways. Over sockets, the load
// from a child process (what a reader costs, kernel and HTTP parsing included; swayed by what
// else the machine runs). In memory, requests handed to the handler without a socket (the
// gateway's own work alone; steady enough to compare two commits on a busy machine).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLogger, createRuntime } from '@coinmag/service-kit';
import { createGatewayApp } from '../../gateway/src/app.js';
import { GatewayCache } from '../../gateway/src/cache/response-cache.js';
import { loadGatewayConfig } from '../../gateway/src/config.js';
import { createFrontends } from '../../gateway/src/frontends/serve-frontends.js';
import { startPageContent, writeRenderingFrontends } from '../../gateway/test/support/rendered-pages.js';
import { requestInMemory } from './in-memory-requests.js';

const SECONDS = Number(process.env.LANE_SECONDS ?? 5);
const ROUNDS = Number(process.env.LANE_ROUNDS ?? 5);
/** Answers per in-memory round, asked 10 at a time from as many client addresses. */
const IN_MEMORY = Number(process.env.LANE_IN_MEMORY ?? 20_000);
const BODY = JSON.stringify({ id: 1, slug: 'a', title: '比特幣'.repeat(50), content: '<p>內文</p>'.repeat(200) });

const listen = (server: Server) => new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

async function main() {
  const content = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-cache-deps': 'articles', 'cache-control': 'no-cache' });
    res.end(BODY);
  });
  const contentUrl = await listen(content);
  const config = loadGatewayConfig({ ...process.env, CONTENT_URL: contentUrl, AUTH_URL: contentUrl, MEDIA_URL: contentUrl, LOG_LEVEL: 'warn', JWT_PUBLIC_KEY: '' } as NodeJS.ProcessEnv);
  const cache = new GatewayCache({ maxBytes: 64 * 2 ** 20, ttlMs: 3_600_000, staleMs: 3_600_000 });
  cache.setTrusted(true);
  const runtime = createRuntime('gateway', createLogger('gateway', 'warn'));
  const app = createGatewayApp({ config, runtime, cache });
  const gateway = createServer(app.callback());
  const base = await listen(gateway);
  const url = `${base}/api/articles/a`;
  for (const encoding of ['gzip', 'br']) await fetch(url, { headers: { 'accept-encoding': encoding } });
  await fetch(url);
  const figures: number[] = [];
  const load = () => import('node:os').then((os) => os.loadavg().map((l) => l.toFixed(1)).join(' '));
  const median = (all: number[]) => {
    all.sort((a, b) => a - b);
    return `median ${all[Math.floor(all.length / 2)]!.toFixed(1)} ms / 1,000 (${all[0]!.toFixed(1)}–${all.at(-1)!.toFixed(1)})`;
  };
  if (ROUNDS > 0) console.log('over sockets:');
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    const result = await new Promise<{ requests: number; errors: number; non2xx: number }>((done, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'load.ts'), url, '50', String(SECONDS)], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('exit', () => (out ? done(JSON.parse(out)) : fail(new Error('no result'))));
    });
    const used = process.cpuUsage(before);
    const msPer1000 = ((used.user + used.system) / 1000 / result.requests) * 1000;
    figures.push(msPer1000);
    console.log(`round ${round + 1}: ${result.requests} answers (${result.errors} errors, ${result.non2xx} non-2xx), gateway CPU ${msPer1000.toFixed(1)} ms / 1,000`);
  }
  if (ROUNDS > 0) console.log(`over sockets: ${median(figures)}, load ${await load()}`);

  // The fresh cached page: the same edge stage in front of the frontends, over the stand-in built
  // frontends the gateway's tests render with (a long page, its nonce filled per answer).
  const dir = await mkdtemp(join(tmpdir(), 'coinmag-lane-pages-'));
  await writeRenderingFrontends(dir);
  const pageContent = await startPageContent();
  const pageCache = new GatewayCache({ maxBytes: 64 * 2 ** 20, ttlMs: 3_600_000, staleMs: 3_600_000 });
  pageCache.setTrusted(true);
  const frontends = createFrontends({ frontendsDir: dir, contentUrl: pageContent.url, log: runtime.log, cache: pageCache, siteOrigin: 'https://coinmag.example' });
  const pageConfig = loadGatewayConfig({ ...process.env, CONTENT_URL: pageContent.url, AUTH_URL: pageContent.url, MEDIA_URL: pageContent.url, LOG_LEVEL: 'warn', JWT_PUBLIC_KEY: '' } as NodeJS.ProcessEnv);
  const pageApp = createGatewayApp({ config: pageConfig, runtime, frontends: frontends.serve, pages: frontends.pages });

  for (const [label, handler, path] of [
    ['fresh cached API answer', app.callback(), new URL(url).pathname],
    ['fresh cached page', pageApp.callback(), '/article/a'],
  ] as const) {
    // Rendered, cached and compressed (brotli and gzip, around its nonces) before counting.
    for (const encoding of ['identity', 'gzip', 'br', 'br, gzip']) await requestInMemory(handler, 'GET', path, { host: 'localhost', 'accept-encoding': encoding }, '10.9.9.9');
    await new Promise((done) => setTimeout(done, 300));
    const inMemory: number[] = [];
    console.log(`in memory, ${label}:`);
    // The first round warms the code up and is not counted.
    for (let round = 0; round <= Math.max(ROUNDS, 5); round++) {
      const before = process.cpuUsage();
      let answered = 0;
      for (let sent = 0; sent < IN_MEMORY; sent += 10) {
        const batch: Promise<number>[] = [];
        for (let n = 0; n < 10; n++) batch.push(requestInMemory(handler, 'GET', path, { host: 'localhost', 'accept-encoding': 'br, gzip' }, `10.0.${(sent / 10) % 250}.${n + 1}`));
        for (const status of await Promise.all(batch)) if (status === 200) answered++;
      }
      const used = process.cpuUsage(before);
      if (answered !== IN_MEMORY) throw new Error(`${IN_MEMORY - answered} of ${IN_MEMORY} in-memory requests were not answered 200`);
      const msPer1000 = ((used.user + used.system) / 1000 / IN_MEMORY) * 1000;
      if (round > 0) inMemory.push(msPer1000);
      console.log(`round ${round}${round === 0 ? ' (warm-up)' : ''}: gateway CPU ${msPer1000.toFixed(1)} ms / 1,000`);
    }
    console.log(`in memory, ${label}: ${median(inMemory)}, load ${await load()}`);
  }
  pageContent.server.close();
  await rm(dir, { recursive: true, force: true });
  gateway.close();
  content.close();
  process.exit(0);
}
void main();
