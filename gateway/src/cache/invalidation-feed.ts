import { Client } from 'undici';
import { CACHE_EVENTS_PATH, type CacheEvent } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import type { GatewayCache } from './response-cache.js';

/** The service pings every few seconds; a stream silent this long is taken as lost. */
const SILENCE_MS = 15_000;
const MAX_BACKOFF_MS = 1_000;

interface Connection {
  origin: string;
  healthy: boolean;
  client?: Client;
  silenceTimer?: NodeJS.Timeout;
  retryTimer?: NodeJS.Timeout;
  backoff: number;
}

/**
 * Keeps the gateway's cache exact: listens to each content replica's event stream and applies its
 * invalidations. The cache is trusted only while at least one stream is up and says the service's
 * own invalidation is healthy (Redis reachable, nothing pending); when trust comes back after a gap,
 * everything cached before is dropped, since what happened during the gap is unknown.
 */
export class InvalidationFeed {
  private readonly connections: Connection[];
  private stopped = false;

  constructor(origins: readonly string[], private readonly cache: GatewayCache, private readonly log: Logger) {
    this.connections = origins.map((origin) => ({ origin, healthy: false, backoff: 250 }));
  }

  start(): void {
    for (const connection of this.connections) void this.connect(connection);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(
      this.connections.map(async (connection) => {
        clearTimeout(connection.silenceTimer);
        clearTimeout(connection.retryTimer);
        await connection.client?.destroy().catch(() => {});
      }),
    );
  }

  /** Resolves once the cache is trusted (or after `timeoutMs`): for tests and start-up. */
  async ready(timeoutMs = 5_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.cache.isTrusted() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.cache.isTrusted();
  }

  private setHealthy(connection: Connection, healthy: boolean) {
    if (connection.healthy === healthy) return;
    const trustedBefore = this.cache.isTrusted();
    connection.healthy = healthy;
    const trusted = this.connections.some((c) => c.healthy);
    if (trusted && !trustedBefore) this.cache.invalidateAll();
    if (trusted !== trustedBefore) {
      this.cache.setTrusted(trusted);
      this.log.info({ trusted }, trusted ? 'gateway cache: invalidation feed up' : 'gateway cache: invalidation feed lost, proxying every request');
    }
  }

  private apply(connection: Connection, event: CacheEvent) {
    switch (event.type) {
      case 'invalidate':
        this.cache.invalidate(event.deps);
        break;
      case 'reset':
        this.cache.invalidateAll();
        break;
      case 'state':
        this.setHealthy(connection, event.healthy);
        break;
      default:
        break;
    }
  }

  private async connect(connection: Connection) {
    if (this.stopped) return;
    const client = new Client(connection.origin, { bodyTimeout: 0, headersTimeout: 5_000, connect: { timeout: 2_000 } });
    connection.client = client;
    const resetSilence = () => {
      clearTimeout(connection.silenceTimer);
      connection.silenceTimer = setTimeout(() => void client.destroy().catch(() => {}), SILENCE_MS);
    };
    try {
      const response = await client.request({ method: 'GET', path: CACHE_EVENTS_PATH, headers: { accept: 'application/x-ndjson' } });
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new Error(`cache feed answered ${response.statusCode}`);
      }
      connection.backoff = 250;
      resetSilence();
      let buffered = '';
      response.body.setEncoding('utf8');
      for await (const chunk of response.body) {
        resetSilence();
        buffered += chunk as string;
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          const line = buffered.slice(0, newline).trim();
          buffered = buffered.slice(newline + 1);
          if (line) this.apply(connection, JSON.parse(line) as CacheEvent);
          newline = buffered.indexOf('\n');
        }
      }
    } catch (err) {
      if (!this.stopped) this.log.debug({ origin: connection.origin, err: (err as Error).message }, 'cache feed interrupted');
    } finally {
      clearTimeout(connection.silenceTimer);
      this.setHealthy(connection, false);
      void client.destroy().catch(() => {});
      if (!this.stopped) {
        connection.retryTimer = setTimeout(() => void this.connect(connection), connection.backoff);
        connection.backoff = Math.min(connection.backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }
}
