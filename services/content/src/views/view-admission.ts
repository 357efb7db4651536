import { createHmac, randomBytes } from 'node:crypto';
import type { AdmissionCheck, AdmissionStore } from './view-store.js';
import { MemoryStore } from '../cache/memory-store.js';

export interface Reader {
  /** The client's address as the gateway reports it; only ever stored as a keyed hash. */
  address: string;
  userAgent: string;
  /** The page's own id for this page view: a retried beacon carries the same one. */
  pageViewId?: string;
}

export interface AdmissionLimits {
  /** One view per reader (address + user agent) per article per window. */
  windowMs: number;
  /** Beacons one address may send per minute, counted or not. */
  beaconsPerMinute: number;
  /** Views one address may add to one article per window (readers behind one NAT). */
  readersPerAddress: number;
}

export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = { windowMs: 30 * 60_000, beaconsPerMinute: 60, readersPerAddress: 20 };

/** `count`: a new view; `repeat`: this page view or reader was already counted; `limited`: over a per-address limit. */
export type Admission = 'count' | 'repeat' | 'limited';

const MINUTE_MS = 60_000;
/** The fallback used while Redis is unreachable keeps at most this many keys. */
const FALLBACK_KEYS = 100_000;

/**
 * Decides whether a beacon is a new view. Readers are known only by HMAC(address, user agent,
 * article) under a secret that changes every window and expires after two: no raw address is
 * stored, and once a secret is gone its hashes cannot be linked to anyone. Keys live in Redis
 * (shared by replicas); while Redis is unreachable, in a bounded store in this process.
 */
export class ViewAdmission {
  private readonly fallback = new MemoryStore(FALLBACK_KEYS);
  private readonly secrets = new Map<string, Buffer>();

  constructor(
    private readonly store: AdmissionStore,
    private readonly limits: AdmissionLimits = DEFAULT_ADMISSION_LIMITS,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async admit(articleId: number, reader: Reader): Promise<Admission> {
    try {
      return await this.decide(this.store, articleId, reader);
    } catch {
      return this.decide(this.fallback, articleId, reader);
    }
  }

  private async decide(store: AdmissionStore, articleId: number, reader: Reader): Promise<Admission> {
    const decision = await store.admit(await this.checkIn(store, articleId, reader));
    return decision === 'pass' ? 'count' : decision;
  }

  /** What the store checks for this beacon in Redis (the beacon's script runs it with the count). */
  check(articleId: number, reader: Reader): Promise<AdmissionCheck> {
    return this.checkIn(this.store, articleId, reader);
  }

  private async checkIn(store: AdmissionStore, articleId: number, reader: Reader): Promise<AdmissionCheck> {
    const now = this.clock().getTime();
    const window = Math.floor(now / this.limits.windowMs);
    const secret = await this.secret(store, window);
    const hash = (...parts: Array<string | number>) => createHmac('sha256', secret).update(parts.join('\n')).digest('base64url').slice(0, 32);

    const minute = Math.floor(now / MINUTE_MS);
    // One round trip: the per-address rate, this page view and this reader once, the per-address cap.
    return {
      rate: { key: `views:rate:${hash('rate', reader.address)}:${minute}`, ttlMs: MINUTE_MS, limit: this.limits.beaconsPerMinute },
      once: [
        ...(reader.pageViewId ? [`views:page-view:${articleId}:${reader.pageViewId}`] : []),
        `views:reader:${window}:${hash('reader', reader.address, reader.userAgent, articleId)}`,
      ],
      onceTtlMs: this.limits.windowMs,
      cap: { key: `views:address:${window}:${hash('address', reader.address, articleId)}`, ttlMs: this.limits.windowMs, limit: this.limits.readersPerAddress },
    };
  }

  /** This window's secret, shared by replicas through the store; lives two windows. */
  private async secret(store: AdmissionStore, window: number): Promise<Buffer> {
    const cacheKey = `${store === this.fallback ? 'local' : 'shared'}:${window}`;
    const known = this.secrets.get(cacheKey);
    if (known) return known;
    const key = `views:secret:${window}`;
    await store.setIfAbsent(key, randomBytes(32).toString('base64'), 2 * this.limits.windowMs);
    const [value] = await store.mget([key]);
    if (!value) throw new Error('view secret not stored');
    const secret = Buffer.from(value, 'base64');
    if (this.secrets.size >= 4) this.secrets.delete(this.secrets.keys().next().value!);
    this.secrets.set(cacheKey, secret);
    return secret;
  }
}
