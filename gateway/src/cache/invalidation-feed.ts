import { Client } from 'undici';
import { CACHE_EVENTS_PATH, type CacheEvent } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import type { ReplicaFollower } from '../proxy/replica-resolver.js';
import type { GatewayCache } from './response-cache.js';

/** The service pings every few seconds; a stream silent this long is taken as lost. */
const SILENCE_MS = 15_000;
const MAX_BACKOFF_MS = 1_000;

interface Connection {
  origin: string;
  healthy: boolean;
  /** Taken out of the set (its replica is gone): not reconnected. */
  removed: boolean;
  client?: Client;
  silenceTimer?: NodeJS.Timeout;
  retryTimer?: NodeJS.Timeout;
  backoff: number;
}

/** A change applied: what it was and how long after its announcement this gateway applied it. */
export interface AppliedChange {
  type: 'invalidate' | 'reset';
  deps: readonly string[];
  delayMs: number;
}

/**
 * Keeps the gateway's cache exact: listens to the event stream of every content replica (each
 * relays every change announced by any of them, through Redis) and applies each change once, on
 * the first stream that brings it, so no one replica's death or restart delays or loses a change.
 * The cache is trusted only while at least one stream is up and says the service's own invalidation
 * is healthy (Redis reachable, nothing pending); when trust comes back after a gap, everything cached
 * before is dropped, since what happened during the gap is unknown. Follows the replicas through
 * `setOrigins` (a ReplicaResolver, as the upstream pool does).
 */
export class InvalidationFeed implements ReplicaFollower {
  private readonly connections = new Map<string, Connection>();
  private readonly listeners = new Set<(change: AppliedChange) => void>();
  private started = false;
  private stopped = false;
  onTrouble?: () => void;

  constructor(origins: readonly string[], private readonly cache: GatewayCache, private readonly log: Logger) {
    this.setOrigins(origins);
  }

  start(): void {
    this.started = true;
    for (const connection of this.connections.values()) void this.connect(connection);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.connections.values()].map((connection) => this.close(connection)));
  }

  /** Opens a stream to each new replica and closes those of replicas gone; whether anything changed. */
  setOrigins(origins: readonly string[]): boolean {
    const wanted = new Set(origins);
    let changed = false;
    for (const origin of wanted) {
      if (this.connections.has(origin)) continue;
      const connection: Connection = { origin, healthy: false, removed: false, backoff: 250 };
      this.connections.set(origin, connection);
      if (this.started && !this.stopped) void this.connect(connection);
      changed = true;
    }
    for (const [origin, connection] of this.connections) {
      if (wanted.has(origin)) continue;
      this.connections.delete(origin);
      connection.removed = true;
      void this.close(connection);
      this.setHealthy(connection, false);
      changed = true;
    }
    return changed;
  }

  /** Told of every change applied, once each (tests, and the delay this gateway reports). */
  onApplied(listener: (change: AppliedChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the cache is trusted (or after `timeoutMs`): for tests and start-up. */
  async ready(timeoutMs = 5_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.cache.isTrusted() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.cache.isTrusted();
  }

  private async close(connection: Connection) {
    clearTimeout(connection.silenceTimer);
    clearTimeout(connection.retryTimer);
    await connection.client?.destroy().catch(() => {});
  }

  private setHealthy(connection: Connection, healthy: boolean) {
    if (connection.healthy === healthy) return;
    const trustedBefore = this.cache.isTrusted();
    connection.healthy = healthy;
    const trusted = [...this.connections.values()].some((c) => c.healthy);
    if (trusted && !trustedBefore) this.cache.invalidateAll();
    if (trusted !== trustedBefore) {
      this.cache.setTrusted(trusted);
      this.log.info({ trusted }, trusted ? 'gateway cache: invalidation feed up' : 'gateway cache: invalidation feed lost, proxying every request');
    }
  }

  private apply(connection: Connection, event: CacheEvent) {
    switch (event.type) {
      case 'invalidate':
      case 'reset': {
        if (!this.cache.apply(event)) return;
        const change: AppliedChange = { type: event.type, deps: event.type === 'invalidate' ? event.deps : [], delayMs: Date.now() - event.at };
        this.log.info({ ...change, origin: connection.origin }, 'gateway cache: change applied');
        for (const listener of this.listeners) listener(change);
        break;
      }
      case 'state':
        this.setHealthy(connection, event.healthy);
        break;
      default:
        break;
    }
  }

  private async connect(connection: Connection) {
    if (this.stopped || connection.removed) return;
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
      if (!this.stopped && !connection.removed) this.log.debug({ origin: connection.origin, err: (err as Error).message }, 'cache feed interrupted');
    } finally {
      clearTimeout(connection.silenceTimer);
      this.setHealthy(connection, false);
      void client.destroy().catch(() => {});
      if (!this.stopped && !connection.removed) {
        // The replica may be gone for good: the resolver asks DNS again.
        this.onTrouble?.();
        connection.retryTimer = setTimeout(() => void this.connect(connection), connection.backoff);
        connection.backoff = Math.min(connection.backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }
}
