// Gateway CPU per 1,000 fresh cached API answers, the gateway in this process (its own CPU time,
// process.cpuUsage), the load from a child process: the edge's cheapest path, measured alone.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createLogger, createRuntime } from '@coinmag/service-kit';
import { createGatewayApp } from '../../gateway/src/app.js';
import { GatewayCache } from '../../gateway/src/cache/response-cache.js';
import { loadGatewayConfig } from '../../gateway/src/config.js';

const SECONDS = Number(process.env.LANE_SECONDS ?? 5);
const ROUNDS = Number(process.env.LANE_ROUNDS ?? 5);
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
  figures.sort((a, b) => a - b);
  console.log(`median ${figures[Math.floor(figures.length / 2)]!.toFixed(1)} ms / 1,000 (${figures[0]!.toFixed(1)}–${figures.at(-1)!.toFixed(1)}), load ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  gateway.close();
  content.close();
  process.exit(0);
}
void main();
