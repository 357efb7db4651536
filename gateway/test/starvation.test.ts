// Issue 22.1: no reader can starve the site. Real auth, content (Postgres, Redis) and media
// behind a gateway with its default limits; the attackers stall bodies from their own
// loopback addresses while a reader and the admin go on as usual.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { createLogger, listen, type RunningServer } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { createAdminGuard } from '../src/admin/admin-guard.js';
import { gatewayServerTuning } from '../src/limits/connection-caps.js';
import { limitsFrom } from '../src/limits/limits-config.js';
import { DEFAULT_ADMIN_PASSWORD } from '../../services/auth/src/config.js';
import { startAuthTestApp, type AuthTestApp } from '../../services/auth/test/auth-test-app.js';
import { insertArticle, startContent, type ContentHarness } from '../../services/content/test/content-harness.js';
import { diskAdapter } from '../../services/media/test/support/adapters.js';
import { startMedia, upload, type RunningMedia } from '../../services/media/test/support/service.js';
import { stalledHead, stallForever, type Attack } from './support/raw-clients.js';

/** Far above what these calls take on a busy machine (tens of ms); the attack made them never answer. */
const ANSWERS_WITHIN_MS = 3_000;

describe('130 stalled bodies and stalled uploads do not starve readers or the admin', () => {
  const adapter = diskAdapter();
  let auth: AuthTestApp;
  let content: ContentHarness;
  let media: RunningMedia;
  let gateway: RunningServer;
  let base = '';
  let token = '';
  let slug = '';
  let image = '';

  beforeAll(async () => {
    await adapter.setUp();
    auth = await startAuthTestApp();
    content = await startContent({ publicKey: auth.keys.publicKey });
    media = await startMedia(await adapter.fresh(), auth.keys.publicKey);
    for (let i = 0; i < 5; i += 1) slug = (await insertArticle(content.db)).slug;
    const config = { CONTENT_URL: content.url, AUTH_URL: auth.url, MEDIA_URL: media.url, UPSTREAM_TIMEOUT_MS: 15_000, UPLOAD_TIMEOUT_MS: 60_000 };
    const adminGuard = createAdminGuard({ publicKey: auth.keys.publicKey, authUrl: auth.url, timeoutMs: 5000, confirmCacheMs: 5000 });
    gateway = await listen(createGatewayApp({ config, log: createLogger('gateway-test', 'silent'), adminGuard }), 0, '127.0.0.1', gatewayServerTuning(limitsFrom()));
    base = `http://127.0.0.1:${gateway.port}`;
    const signIn = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token-delivery': 'body' },
      body: JSON.stringify({ username: 'admin', password: DEFAULT_ADMIN_PASSWORD }),
    });
    token = ((await signIn.json()) as { token: string }).token;
    const uploaded = await upload(base, token, await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f7931a' } }).png().toBuffer(), 'a.png', 'image/png');
    expect(uploaded.status).toBe(201);
    image = ((await uploaded.json()) as { url: string }).url;
  }, 120_000);

  afterAll(async () => {
    gateway?.server.closeAllConnections();
    await gateway?.close();
    await media?.close();
    await content?.close();
    await auth?.close();
    await adapter.tearDown();
  });

  let limit = 1;
  /** The calls a reader and the admin make, each timed; `limit` changes so no cache can answer. */
  const ordinaryCalls = async () => {
    limit = (limit % 20) + 1;
    const calls = {
      list: fetch(`${base}/api/articles?page=1&limit=${limit}`, { signal: AbortSignal.timeout(20_000) }),
      admin: fetch(`${base}/api/settings/admin`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(20_000) }),
      image: fetch(`${base}${image}`, { signal: AbortSignal.timeout(20_000) }),
    };
    const timed: Record<string, { status: number; ms: number }> = {};
    const started = performance.now();
    await Promise.all(
      Object.entries(calls).map(async ([name, call]) => {
        const res = await call;
        await res.arrayBuffer();
        timed[name] = { status: res.status, ms: Math.round(performance.now() - started) };
      }),
    );
    return timed;
  };

  it('answers uncached lists, admin reads and images at once while 130 clients stall bodies', async () => {
    const attacks: Attack[] = [
      // Each from its own address, so no per-address cap is what saves the site.
      stallForever(gateway.port, 10, 130, stalledHead('POST', `/api/articles/${slug}/views`, 100, { 'content-type': 'application/json' })),
      stallForever(gateway.port, 11, 130, stalledHead('POST', '/uploads/x', 100)),
      stallForever(gateway.port, 12, 130, stalledHead('POST', '/api/articles?page=1', 100, { 'content-type': 'application/json' })),
      // Uploads without a token and, from one admin address each, signed-in uploads that stop after their first bytes.
      stallForever(gateway.port, 13, 130, stalledHead('POST', '/api/uploads/image', 1_000_000, { 'content-type': 'multipart/form-data; boundary=x' })),
      stallForever(gateway.port, 14, 40, stalledHead('POST', '/api/uploads/image', 1_000_000, { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` }) + '--x\r\n'),
    ];
    try {
      await Promise.all(attacks.map((attack) => attack.ready));
      // Rounds of ordinary calls for 6 s: the stalled bodies are cut at 2 s and the attackers reconnect at once.
      const rounds: Array<Record<string, { status: number; ms: number }>> = [];
      const until = Date.now() + 6_000;
      while (Date.now() < until) rounds.push(await ordinaryCalls());
      for (const round of rounds) {
        for (const [name, { status, ms }] of Object.entries(round)) {
          expect({ name, status }).toEqual({ name, status: 200 });
          expect(ms, `${name} during the attack: ${JSON.stringify(rounds)}`).toBeLessThan(ANSWERS_WITHIN_MS);
        }
      }
      expect(rounds.length).toBeGreaterThan(3);
      // The stalled small bodies were cut by the gateway with 408, not left to Node's 120 s.
      for (const attack of attacks.slice(0, 3)) expect(attack.answered.get(408), JSON.stringify([...attack.answered])).toBeGreaterThanOrEqual(130);
      // Tokenless uploads: refused at once; signed-in stalled ones: 408 after the idle deadline (10 s), or 429/503 over the caps.
      expect(attacks[3]!.answered.get(401)).toBeGreaterThanOrEqual(130);
      expect((attacks[4]!.answered.get(503) ?? 0) + (attacks[4]!.answered.get(429) ?? 0)).toBeGreaterThan(0);
    } finally {
      await Promise.all(attacks.map((attack) => attack.stop()));
    }
    // And afterwards, as before.
    const after = await ordinaryCalls();
    expect(Object.values(after).map(({ status }) => status)).toEqual([200, 200, 200]);
  }, 60_000);

  it('answers a busy upload slot with 503 and Retry-After in the product wording', async () => {
    const attack = stallForever(gateway.port, 15, 40, stalledHead('POST', '/api/uploads/image', 1_000_000, { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` }) + '--x\r\n');
    try {
      // 32 streams in all (GATEWAY_STREAMS_TOTAL): the 8 over it are refused as they arrive.
      const refusal = await new Promise<number>((resolve) => {
        const check = setInterval(() => {
          if ((attack.answered.get(503) ?? 0) >= 8) {
            clearInterval(check);
            resolve(attack.answered.get(503)!);
          }
        }, 20);
      });
      expect(refusal).toBeGreaterThanOrEqual(8);
      const res = await upload(base, token, Buffer.from('x'), 'a.png', 'image/png');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ error: API_MESSAGES.serviceBusy });
    } finally {
      await attack.stop();
    }
  }, 30_000);
});
