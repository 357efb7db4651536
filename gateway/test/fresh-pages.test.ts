import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Middleware } from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, listen, type RunningServer, type ServiceRuntime } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { GatewayCache } from '../src/cache/response-cache.js';
import { createFrontends } from '../src/frontends/serve-frontends.js';
import { decodedBody, rawRequest, startPageContent, writeRenderingFrontends, type RawAnswer } from './support/rendered-pages.js';

// A fresh cached rendered page is answered before the middleware chain: exactly what the chain
// answers (headers, status, body), with a nonce of its own; anything unusual goes through the chain.

/** Both gateways build the same cache key whatever port they listen on. */
const SITE_ORIGIN = 'https://coinmag.example';
/** Differ per response by design; the nonce is compared separately. */
const VOLATILE = new Set(['date', 'x-request-id', 'keep-alive', 'connection', 'content-security-policy']);

const stableHeaders = ({ headers }: RawAnswer) => Object.fromEntries(Object.entries(headers).filter(([name]) => !VOLATILE.has(name)).sort());

describe('fresh cached pages answered before the middleware chain', () => {
  let dir: string;
  let content: Server;
  let cache: GatewayCache;
  let withLane: RunningServer;
  let chainOnly: RunningServer;
  let lane: string;
  let chain: string;
  /** Requests that reached the frontends middleware through the lane gateway's chain. */
  let throughChain = 0;
  /** Requests Koa handled in the lane gateway: a middleware put before the edge stage counts them. */
  let koaSaw = 0;
  let runtime: ServiceRuntime;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'coinmag-fresh-pages-'));
    await writeRenderingFrontends(dir);
    const pageContent = await startPageContent();
    content = pageContent.server;
    const contentUrl = pageContent.url;
    cache = new GatewayCache({ maxBytes: 8 * 2 ** 20, ttlMs: 60_000, staleMs: 60_000 });
    cache.setTrusted(true);
    const log = pino({ level: 'silent' });
    const frontends = createFrontends({ frontendsDir: dir, contentUrl, log, cache, siteOrigin: SITE_ORIGIN });
    const counted: Middleware = (ctx, next) => ((throughChain += 1), frontends.serve(ctx, next));
    const config = { CONTENT_URL: contentUrl, AUTH_URL: contentUrl, MEDIA_URL: contentUrl, UPSTREAM_TIMEOUT_MS: 5000, UPLOAD_TIMEOUT_MS: 5000 };
    runtime = createRuntime('gateway', pino({ level: 'debug' }, new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) })));
    const laneApp = createGatewayApp({ config, runtime, frontends: counted, pages: frontends.pages });
    laneApp.middleware.unshift((_ctx, next) => ((koaSaw += 1), next()));
    withLane = await listen(laneApp, 0, '127.0.0.1');
    // The same frontends without their cached pages: every request runs the whole chain.
    chainOnly = await listen(createGatewayApp({ config, log, frontends: frontends.serve }), 0, '127.0.0.1');
    lane = `http://127.0.0.1:${withLane.port}`;
    chain = `http://127.0.0.1:${chainOnly.port}`;
  });
  afterAll(async () => {
    await withLane?.close();
    await chainOnly?.close();
    await new Promise((done) => content?.close(done));
    await rm(dir, { recursive: true, force: true });
  });

  /** The lane's answer to a GET, checked to have skipped the chain. */
  async function fromLane(path: string, headers: Record<string, string>): Promise<RawAnswer> {
    const before = throughChain;
    const answer = await rawRequest(`${lane}${path}`, headers);
    expect(throughChain, `answered by the lane: ${path} ${JSON.stringify(headers)}`).toBe(before);
    return answer;
  }

  it('sends the status, headers and body the chain sends, for identity, gzip and brotli', async () => {
    for (const path of ['/article/a', '/article/missing']) {
      await rawRequest(`${chain}${path}`, { 'accept-encoding': 'identity' });
      // A brotli-only client waits for the brotli form: both answers below then come from the same kept form.
      await rawRequest(`${chain}${path}`, { 'accept-encoding': 'br' });
      for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br, zstd']) {
        const viaChain = await rawRequest(`${chain}${path}`, { 'accept-encoding': encoding });
        const viaLane = await fromLane(path, { 'accept-encoding': encoding });
        expect(viaLane.status).toBe(path === '/article/a' ? 200 : 404);
        expect(viaLane.status).toBe(viaChain.status);
        expect(stableHeaders(viaLane)).toEqual(stableHeaders(viaChain));
        expect(viaLane.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(viaLane.headers['x-frame-options']).toBe('DENY');
        expect(viaLane.headers['reporting-endpoints']).toBeDefined();
        expect(viaLane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(viaLane.headers['content-security-policy']).toBe(String(viaChain.headers['content-security-policy']).replace(viaChain.nonce, viaLane.nonce));
        expect(viaLane.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding === 'gzip' ? 'gzip' : 'br');
        expect(decodedBody(viaLane)).toBe(decodedBody(viaChain).replaceAll(viaChain.nonce, viaLane.nonce));
      }
    }
  });

  it('answers a fresh page whose compressed form is made before Koa: no middleware runs, not even the first', async () => {
    await rawRequest(`${chain}/article/e`, { 'accept-encoding': 'identity' });
    // A brotli-only client waits for the brotli form: the lane's answers below then come from kept forms.
    await rawRequest(`${chain}/article/e`, { 'accept-encoding': 'br' });
    koaSaw = 0;
    for (const encoding of ['br', 'gzip, deflate, br, zstd']) expect((await fromLane('/article/e', { 'accept-encoding': encoding })).status).toBe(200);
    expect(koaSaw).toBe(0);
    // Uncompressed, it is sent by the page service from the edge stage (its form made per nonce).
    expect((await fromLane('/article/e', { 'accept-encoding': 'identity' })).status).toBe(200);
    expect(koaSaw).toBe(1);
    // A conditional goes to Koa's chain.
    await rawRequest(`${lane}/article/e`, { 'accept-encoding': 'br', 'if-none-match': '"never-this-one"' });
    expect(koaSaw).toBe(2);
  });

  it('fills each response with a nonce of its own, the one its policy names', async () => {
    await rawRequest(`${chain}/article/b`, { 'accept-encoding': 'identity' });
    const first = await fromLane('/article/b', { 'accept-encoding': 'identity' });
    const second = await fromLane('/article/b', { 'accept-encoding': 'identity' });
    expect(first.nonce).toHaveLength(24);
    expect(second.nonce).not.toBe(first.nonce);
    for (const answer of [first, second]) {
      const nonces = new Set([...decodedBody(answer).matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]));
      expect([...nonces]).toEqual([answer.nonce]);
    }
  });

  it('keeps a well-formed request id, and logs and counts the request as the chain does', async () => {
    const counted = async () =>
      (await runtime.metrics.requests.get()).values.find((v) => v.labels.method === 'GET' && v.labels.route === 'other' && v.labels.status === '200')?.value ?? 0;
    await rawRequest(`${chain}/article/c`, { 'accept-encoding': 'identity' });
    const before = await counted();
    const answer = await fromLane('/article/c', { 'accept-encoding': 'gzip', 'x-request-id': 'edge-123' });
    expect(answer.headers['x-request-id']).toBe('edge-123');
    expect(await counted()).toBe(before + 1);
    const line = lines.find((entry) => entry.requestId === 'edge-123');
    expect(line).toMatchObject({ level: 20, msg: 'request', method: 'GET', path: '/article/c', status: 200 });
    expect(typeof line!.ms).toBe('number');
  });

  it('leaves conditionals, HEAD, admin-looking paths and pages no longer fresh to the chain', async () => {
    for (const path of ['/article/d', '/ADMIN/d']) await rawRequest(`${chain}${path}`, { 'accept-encoding': 'identity' });
    const throughTheChain = async (path: string, headers: Record<string, string>, method = 'GET') => {
      const before = throughChain;
      const answer = await rawRequest(`${lane}${path}`, headers, method);
      expect(throughChain, `${method} ${path} ${JSON.stringify(headers)}`).toBe(before + 1);
      return answer;
    };
    expect((await throughTheChain('/article/d', { 'if-none-match': '"x"' })).status).toBe(200);
    expect((await throughTheChain('/article/d', {}, 'HEAD')).status).toBe(200);
    expect((await throughTheChain('/ADMIN/d', {})).status).toBe(200);
    cache.invalidate(['articles']);
    const rendered = await throughTheChain('/article/d', { 'accept-encoding': 'identity' });
    expect(decodedBody(rendered)).toContain(`nonce="${rendered.nonce}"`);
    // Rendered again and kept: fresh once more, so the lane answers it.
    await fromLane('/article/d', { 'accept-encoding': 'identity' });
  });

  it('drops exactly the pages that name an invalidated dependency of their own (a learning path), keeps the rest', async () => {
    for (const path of ['/learn/a', '/learn/b']) {
      await rawRequest(`${chain}${path}`, { 'accept-encoding': 'identity' });
      await fromLane(path, { 'accept-encoding': 'identity' });
    }
    cache.invalidate(['learning-path:a']);
    // The chain looks at the template (the lane trusts it for a second after): /learn/b is still cached.
    await rawRequest(`${chain}/learn/b`, { 'accept-encoding': 'identity' });
    const before = throughChain;
    await rawRequest(`${lane}/learn/a`, { 'accept-encoding': 'identity' });
    expect(throughChain, '/learn/a rendered again').toBe(before + 1);
    await fromLane('/learn/b', { 'accept-encoding': 'identity' });
  });
});
