import { randomBytes } from 'node:crypto';
import { admissionCheck, DEFAULT_ADMISSION_LIMITS, viewWindow, type AdmissionLimits, type Reader } from '@coinmag/service-kit';
import type { AdmissionCheck, AdmissionStore } from './view-store.js';
import { MemoryStore } from '../cache/memory-store.js';

export { DEFAULT_ADMISSION_LIMITS, type AdmissionLimits, type Reader };

/** `count`: a new view; `repeat`: this page view or reader was already counted; `limited`: over a per-address limit. */
export type Admission = 'count' | 'repeat' | 'limited';

/** The fallback used while Redis is unreachable keeps at most this many keys. */
const FALLBACK_KEYS = 100_000;

/**
 * Decides whether a beacon is a new view, with the keys of service-kit's `admissionCheck` (the
 * gateway, which counts the beacons it receives, builds the same): readers known only by keyed
 * hashes under a secret that changes every window and expires after two. Keys live in Redis
 * (shared by replicas); while Redis is unreachable, in a bounded store in this process.
 */
export class ViewAdmission {
  private readonly fallback = new MemoryStore(FALLBACK_KEYS);
  private readonly secrets = new Map<string, Buffer>();

  constructor(
    private readonly store: AdmissionStore,
    readonly limits: AdmissionLimits = DEFAULT_ADMISSION_LIMITS,
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
    // One step at a time (the fallback path) a page view sent again is not counted again either; it is answered as a repeat.
    return decision === 'pass' ? 'count' : decision === 'replay' ? 'repeat' : decision;
  }

  /** What the store checks for this beacon in Redis (the beacon's script runs it with the count). */
  check(articleId: number, reader: Reader): Promise<AdmissionCheck> {
    return this.checkIn(this.store, articleId, reader);
  }

  private async checkIn(store: AdmissionStore, articleId: number, reader: Reader): Promise<AdmissionCheck> {
    const now = this.clock().getTime();
    return admissionCheck(await this.secret(store, now), this.limits, now, articleId, reader);
  }

  /** This window's secret, shared by replicas (and the gateways) through the store; lives two windows. */
  private async secret(store: AdmissionStore, now: number): Promise<Buffer> {
    const { window, secretKey, secretTtlMs } = viewWindow(now, this.limits);
    const cacheKey = `${store === this.fallback ? 'local' : 'shared'}:${window}`;
    const known = this.secrets.get(cacheKey);
    if (known) return known;
    await store.setIfAbsent(secretKey, randomBytes(32).toString('base64'), secretTtlMs);
    const [value] = await store.mget([secretKey]);
    if (!value) throw new Error('view secret not stored');
    const secret = Buffer.from(value, 'base64');
    if (this.secrets.size >= 4) this.secrets.delete(this.secrets.keys().next().value!);
    this.secrets.set(cacheKey, secret);
    return secret;
  }
}
