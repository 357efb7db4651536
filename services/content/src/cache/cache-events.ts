import type { ServerResponse } from 'node:http';
import type { CacheEvent } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import { INVALIDATION_CHANNEL, type ResponseCache } from './response-cache.js';
import type { PubSub } from './pub-sub.js';


const PING_MS = 5_000;

/**
 * The gateways' view of this site's cache invalidations: every invalidation announced in the
 * store (by any replica) goes to every open stream, with the state that says whether the
 * gateways may trust their caches (the subscription is up and no invalidation is pending).
 */
export class CacheEvents {
  private readonly streams = new Set<ServerResponse>();
  private subscribed = false;
  private healthy = false;
  private unsubscribe?: () => void;
  private pingTimer?: NodeJS.Timeout;

  constructor(
    private readonly store: PubSub,
    private readonly cache: ResponseCache,
    private readonly log: Logger,
  ) {}

  /** Subscribes on the first stream, so a process nobody listens to holds no extra connection. */
  private start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.store.subscribe(INVALIDATION_CHANNEL, {
      message: (message) => this.broadcastLine(message),
      ready: () => {
        this.subscribed = true;
        // What was written while the subscription was down is applied before trust is given back.
        void this.cache.resync().then(() => this.updateHealth());
      },
      lost: () => {
        this.subscribed = false;
        this.updateHealth();
      },
    });
    this.cache.onCleanChange(() => this.updateHealth());
    this.pingTimer = setInterval(() => this.broadcast({ type: 'ping' }), PING_MS);
    this.pingTimer.unref();
  }

  /** Ends every stream (shutdown): the gateways reconnect to another replica. */
  stop(): void {
    clearInterval(this.pingTimer);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.subscribed = false;
    this.healthy = false;
    for (const stream of this.streams) stream.end();
    this.streams.clear();
  }

  /** Keeps `res` open as an event stream until the client goes. */
  attach(res: ServerResponse): void {
    this.start();
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.write(`${JSON.stringify({ type: 'state', healthy: this.healthy })}\n`);
    this.streams.add(res);
    res.once('close', () => this.streams.delete(res));
  }

  get streamCount(): number {
    return this.streams.size;
  }

  private updateHealth() {
    const healthy = this.subscribed && this.cache.clean;
    if (healthy === this.healthy) return;
    this.healthy = healthy;
    this.log.info({ healthy }, healthy ? 'cache events: gateways may trust their caches' : 'cache events: gateways told to bypass their caches');
    this.broadcast({ type: 'state', healthy });
  }

  private broadcast(event: CacheEvent) {
    this.broadcastLine(JSON.stringify(event));
  }

  private broadcastLine(line: string) {
    for (const stream of this.streams) stream.write(`${line}\n`);
  }
}
