import { randomBytes } from 'node:crypto';
import { MemoryKeys } from '@coinmag/service-kit';
import { admissionCheck, DEFAULT_ADMISSION_LIMITS, viewWindow, type AdmissionCheck, type AdmissionLimits, type Reader } from './keys.js';
import { MemoryViewStore } from './memory-view-store.js';
import type { AdmissionStore } from './view-store.js';

/** `count`: a new view; `repeat`: this page view or reader was already counted; `limited`: over a per-address limit. */
export type Admission = 'count' | 'repeat' | 'limited';

/** The fallback used while Redis is unreachable keeps at most this many keys. */
const FALLBACK_KEYS = 100_000;

/**
 * Decides whether a beacon is a new view, with the keys of `admissionCheck`: readers known only by
 * keyed hashes under a secret that changes every window and expires after two, shared by every
 * process that counts (content replicas, gateways) through the store. Keys live in Redis (shared by
 * replicas); while Redis is unreachable, in a bounded store in this process.
 */
export class ViewAdmission {
  private readonly fallback = new MemoryViewStore(new MemoryKeys(FALLBACK_KEYS));
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

  /** What the store checks for this beacon in Redis (the beacon's script runs it with the count), under `limits` (default: this process's). */
  check(articleId: number, reader: Reader, limits: AdmissionLimits = this.limits): Promise<AdmissionCheck> {
    return this.checkIn(this.store, articleId, reader, limits);
  }

  private async checkIn(store: AdmissionStore, articleId: number, reader: Reader, limits = this.limits): Promise<AdmissionCheck> {
    const now = this.clock().getTime();
    return admissionCheck(await this.secret(store, now, limits), limits, now, articleId, reader);
  }

  /** This window's secret, shared by replicas (and the gateways) through the store; lives two windows. */
  private async secret(store: AdmissionStore, now: number, limits: AdmissionLimits): Promise<Buffer> {
    const { window, secretKey, secretTtlMs } = viewWindow(now, limits);
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
