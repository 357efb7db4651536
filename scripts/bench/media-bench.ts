// `npm run bench:media`: how fast the media service takes in a 12-megapixel JPEG, and how
// fast images come out of it through the gateway compared with a static file of the same
// size served by the gateway from disk. Starts the media service (its real main.ts, disk
// adapter) and a gateway (the real createGatewayApp in a child process) on free loopback
// ports; the load runs in this process. Nothing is asserted: it prints figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import jwt from 'jsonwebtoken';
import type { Middleware } from 'koa';
import sharp from 'sharp';
import { variantUrl, type UploadResponse } from '@coinmag/contracts';
import { createLogger, listen } from '@coinmag/service-kit';
import { createGatewayApp } from '../../gateway/src/app.js';
import { ensureSigningKeys } from '../stack/keys.js';
import { waitForHealthy } from '../stack/processes.js';

const root = resolve(import.meta.dirname, '../..');
const CONNECTIONS = 50;
const WARMUP_MS = 2_000;
const MEASURE_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const UPLOAD_RUNS = 5;
const STATIC_PATH = '/bench-static/same-size.webp';

// ---------------------------------------------------------------------------------------------
// Child role: the gateway, plus a plain static-file route for the comparison.
// ---------------------------------------------------------------------------------------------

/** The static baseline: stat and stream one file from disk per request, as the disk adapter does. */
function staticFile(urlPath: string, file: string): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== urlPath) return next();
    const info = await stat(file);
    ctx.set({ 'Cache-Control': 'public, max-age=31536000, immutable', ETag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` });
    ctx.type = 'image/webp';
    ctx.body = createReadStream(file);
    ctx.length = info.size;
  };
}

async function runGatewayChild(): Promise<void> {
  const log = createLogger('gateway', 'warn');
  const app = createGatewayApp({
    config: {
      CONTENT_URL: 'http://127.0.0.1:9',
      AUTH_URL: 'http://127.0.0.1:9',
      MEDIA_URL: process.env.MEDIA_URL!,
      UPSTREAM_TIMEOUT_MS: 15_000,
      UPLOAD_TIMEOUT_MS: 120_000,
    },
    log,
    frontends: staticFile(STATIC_PATH, process.env.STATIC_FILE!),
  });
  await listen(app, Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------
// Parent role: start everything, upload, load, print.
// ---------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

function start(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], cwd: root });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/**
 * A photo-like 12-megapixel JPEG (4000×3000, about 3.4 MB at quality 90, different each call):
 * coarse blotches that survive downscaling, as real detail does, plus fine sensor grain.
 */
async function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const hue = (seed * 67) % 360;
  const noise = (w: number, h: number, sigma: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } } }).png().toBuffer();
  const coarse = await sharp(await noise(1000, 750, 40)).resize(width, height, { kernel: 'cubic' }).png({ compressionLevel: 0 }).toBuffer();
  const fine = await sharp(await noise(width, height, 12)).png({ compressionLevel: 0 }).toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="hsl(${hue},70%,60%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,25%)"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(gradient)
    .composite([
      { input: coarse, blend: 'soft-light' },
      { input: fine, blend: 'soft-light' },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function uploadThroughGateway(gateway: string, token: string, data: Buffer): Promise<{ ms: number; body: UploadResponse }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const res = await fetch(`${gateway}/api/uploads/image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as UploadResponse & { error?: string };
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${body.error ?? ''}`);
  return { ms, body };
}

interface LoadResult {
  requestsPerSecond: number;
  megabytesPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function getOnce(agent: Agent, url: URL): Promise<{ status: number; bytes: number }> {
  return new Promise((done, fail) => {
    const req = request({ agent, host: url.hostname, port: url.port, path: url.pathname, headers: { accept: 'image/avif,image/webp,*/*' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** `CONNECTIONS` keep-alive connections, each sending its next request when the last answer ends. */
async function load(target: string, durationMs: number): Promise<LoadResult> {
  const url = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const res = await getOnce(agent, url);
        if (res.status !== 200) errors++;
        bytes += res.bytes;
        latencies.push(performance.now() - sent);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return { requestsPerSecond: latencies.length / seconds, megabytesPerSecond: bytes / seconds / 1e6, p50: pick(0.5), p99: pick(0.99), errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'coinmag-media-bench-'));
  const children: ChildProcess[] = [];
  try {
    const keys = await ensureSigningKeys(work);
    const token = jwt.sign({ username: 'admin', tv: 0 }, await readFile(keys.privateKeyFile, 'utf8'), {
      algorithm: 'ES256',
      issuer: 'coinmag-auth',
      audience: 'coinmag-admin',
      subject: '1',
      expiresIn: 3600,
    });
    const staticFilePath = join(work, 'same-size.webp');
    await writeFile(staticFilePath, '');
    const [mediaPort, gatewayPort] = [await freePort(), await freePort()];
    const mediaUrl = `http://127.0.0.1:${mediaPort}`;
    const gateway = `http://127.0.0.1:${gatewayPort}`;

    children.push(
      start([join(root, 'services/media/src/main.ts')], {
        PORT: String(mediaPort),
        DATA_DIR: work,
        MEDIA_DIR: join(work, 'media'),
        JWT_PUBLIC_KEY_FILE: keys.publicKeyFile,
        SEED_DEMO: 'false',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        S3_ENDPOINT: '',
      }),
    );
    await waitForHealthy(`${mediaUrl}/healthz`);
    children.push(start([fileURLToPath(import.meta.url), '--gateway-child'], { PORT: String(gatewayPort), MEDIA_URL: mediaUrl, STATIC_FILE: staticFilePath }));
    await waitForHealthy(`${gateway}/healthz`);

    console.log(`media bench: node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), disk adapter`);
    const times: number[] = [];
    let last: UploadResponse | undefined;
    let inputBytes = 0;
    for (let run = 0; run < UPLOAD_RUNS; run++) {
      const photo = await twelveMegapixelJpeg(run);
      inputBytes = photo.length;
      const { ms, body } = await uploadThroughGateway(gateway, token, photo);
      times.push(ms);
      last = body;
    }
    console.log(
      `upload + process, 12 MP JPEG (4000×3000, ${fmt(inputBytes / 1e6, 1)} MB) through the gateway: median ${fmt(median(times))} ms of ${UPLOAD_RUNS}` +
        ` (runs: ${times.map((t) => fmt(t)).join(', ')} ms) -> ${last!.width}×${last!.height} original + 4 WebP variants`,
    );

    const variantPath = variantUrl(last!.url, 960);
    const variant = Buffer.from(await (await fetch(gateway + variantPath)).arrayBuffer());
    await writeFile(staticFilePath, variant);
    console.log(`GET ${variantPath} (${fmt(variant.length / 1024, 1)} KiB), ${CONNECTIONS} connections, ${MEASURE_MS / 1000} s each after ${WARMUP_MS / 1000} s warm-up:`);

    const measure = async (label: string, target: string) => {
      await load(target, WARMUP_MS);
      const result = await load(target, MEASURE_MS);
      console.log(
        `  ${label.padEnd(44)} ${fmt(result.requestsPerSecond).padStart(7)} req/s  ${fmt(result.megabytesPerSecond, 1).padStart(6)} MB/s` +
          `  p50 ${fmt(result.p50, 1)} ms  p99 ${fmt(result.p99, 1)} ms  errors ${result.errors}`,
      );
      return result;
    };
    const viaGateway = await measure('media variant via gateway', gateway + variantPath);
    const staticBaseline = await measure('static file, same size, gateway from disk', gateway + STATIC_PATH);
    const direct = await measure('media variant direct (no gateway)', mediaUrl + variantPath);
    console.log(`ratio media-via-gateway / static-via-gateway: ${fmt(viaGateway.requestsPerSecond / staticBaseline.requestsPerSecond, 2)}`);
    console.log(`ratio media-direct / static-via-gateway: ${fmt(direct.requestsPerSecond / staticBaseline.requestsPerSecond, 2)}`);
  } finally {
    await Promise.all(children.map(stop));
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv.includes('--gateway-child')) {
  runGatewayChild().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
