import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashLive } from '@coinmag/contracts';
import { createLogger } from '@coinmag/service-kit';
import { createGatewayApp } from '../src/app.js';
import { createContentCache, type ContentCache } from '../src/cache/content-cache.js';
import { flashLiveChanges, type ShownFlash } from '../../frontends/public/src/pages/flash/flash-live-changes.js';
import { adminClient } from '../../services/content/test/admin-client.js';
import { startContent, type ContentHarness } from '../../services/content/test/content-harness.js';

const silent = createLogger('gateway-flash-restart-test', 'silent');

/** A gateway as a deployment runs it: its own cache, following the content service's feed. */
async function startGateway(contentUrl: string, port = 0): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  const config = {
    CONTENT_URL: contentUrl, AUTH_URL: 'http://127.0.0.1:9', MEDIA_URL: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: 10_000, UPLOAD_TIMEOUT_MS: 10_000,
    UPSTREAM_RESTART_WAIT_MS: 300, GATEWAY_CACHE_MB: 16, GATEWAY_CACHE_TTL_MS: 300_000, GATEWAY_CACHE_STALE_MS: 3_600_000,
  };
  const contentCache: ContentCache = createContentCache(config, silent)!;
  contentCache.feed.start();
  const server: Server = createServer(createGatewayApp({ config, log: silent, cache: contentCache.cache }).callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  expect(await contentCache.feed.ready()).toBe(true);
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    stop: async () => {
      await contentCache.feed.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * An open page following 快訊 through a gateway restart (docs/adr/0016): the page keeps the ids it
 * shows and compares each live answer with them (flashLiveChanges, what the page's script runs);
 * the gateway goes away between polls and another starts on the same address with an empty cache.
 * Nothing is missed, nothing is shown twice.
 */
describe('快訊 on an open page through a gateway restart', () => {
  let api: ContentHarness;
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    api = await startContent();
    gateway = await startGateway(api.url);
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    await api?.close();
  });

  it('shows each item once, edits and deletions included, whichever gateway answers', async () => {
    const admin = adminClient(api);
    const publish = async (text: string) => {
      const created = await admin.json('POST', '/api/admin/flash', { text });
      expect(created.status).toBe(201);
      return created.body as { id: number; version: number };
    };
    const first = await publish('重啟前的快訊一');
    const second = await publish('重啟前的快訊二');

    // The page as the browser keeps it: what it shows, the ETag of the last answer, each item added once.
    const shown = new Map<number, ShownFlash>();
    const added: number[] = [];
    let etag: string | undefined;
    const poll = async () => {
      const res = await fetch(`${gateway.url}/api/flash/live`, { headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) } });
      if (res.status === 304) return { status: 304, cache: res.headers.get('x-gateway-cache') };
      expect(res.status).toBe(200);
      etag = res.headers.get('etag') ?? undefined;
      const { items } = (await res.json()) as FlashLive;
      const changes = flashLiveChanges(shown, items);
      for (const item of [...changes.added, ...changes.edited]) shown.set(item.id, { version: item.updated_at, publishedAt: item.published_at });
      for (const id of changes.removed) shown.delete(id);
      added.push(...changes.added.map((item) => item.id));
      return { status: 200, cache: res.headers.get('x-gateway-cache'), changes };
    };

    await poll();
    expect([...shown.keys()].sort()).toEqual([first.id, second.id].sort());
    expect((await poll()).status).toBe(304);

    // The gateway stops between two polls; while it is away the editor publishes, edits and deletes.
    await gateway.stop();
    await expect(fetch(`${gateway.url}/api/flash/live`)).rejects.toThrow();
    const during = await publish('重啟期間的快訊');
    expect((await admin.json('PUT', `/api/admin/flash/${first.id}`, { text: '重啟前的快訊一（已更正）', version: first.version })).status).toBe(200);
    expect((await admin.json('DELETE', `/api/admin/flash/${second.id}`)).status).toBe(200);

    // Another gateway on the same address, its cache empty: the page's next poll.
    gateway = await startGateway(api.url, gateway.port);
    const after = await poll();
    expect(after.status).toBe(200);
    if (after.status !== 200 || !('changes' in after)) throw new Error('no answer');
    expect(after.changes!.added.map((item) => item.id)).toEqual([during.id]);
    expect(after.changes!.edited.map((item) => item.text)).toEqual(['重啟前的快訊一（已更正）']);
    expect(after.changes!.removed).toEqual([second.id]);

    // The new gateway's answer carries the ETag the content service gives, as the old one's did: a 304.
    expect((await poll()).status).toBe(304);

    // An item published after the restart arrives once; polls after it add nothing.
    const later = await publish('重啟後的快訊');
    await poll();
    await poll();
    expect([...added].sort((a, b) => a - b)).toEqual([first.id, second.id, during.id, later.id].sort((a, b) => a - b));
    expect([...shown.keys()].sort((a, b) => a - b)).toEqual([first.id, during.id, later.id].sort((a, b) => a - b));
  });
});
