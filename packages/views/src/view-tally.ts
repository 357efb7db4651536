import { randomUUID } from 'node:crypto';
import type { BeaconOp, BeaconOutcome } from './beacon-script.js';
import { ARTICLE_STAMP_KEYS, popularDay, SHOWN_TTL_MS, VIEW_BATCH_REGISTRY, viewBatchName, type AdmissionCheck } from './keys.js';
import type { CountStore } from './view-store.js';
import type { BucketCounts } from './view-buckets.js';

export type ViewCounts = Map<number, number>;

/** A batch of counted views: held here, and in Redis as the hash of the same name listed in the registry. */
export interface ViewBatch {
  readonly name: string;
  readonly counts: ViewCounts;
  /** The same views by hourly bucket (`bucketField`): every view counted in `counts` is in one bucket here. */
  readonly buckets: BucketCounts;
}

interface OpenBatch extends ViewBatch {
  /** Script calls still on their way; a closed batch is handed over once they are settled. */
  inflight: number;
  settled: Array<() => void>;
}

/** What a beacon's script may be given about its article: its id, Postgres's figure, the article versions it was read under. */
export interface CountedArticle {
  id: number;
  base: number;
  stamp: readonly string[];
}

/**
 * What became of a beacon sent with its count: the script's outcome; `unsent` when Redis surely did
 * nothing (the caller takes the path that needs no Redis); `uncertain` when it was sent and not
 * answered: the view is held here (Redis holds it once or not at all, never more).
 */
export type BeaconRecord = BeaconOutcome | { decision: 'unsent' } | { decision: 'uncertain' };

/** How long Redis is left alone after a command could not be sent. */
const REDIS_RETRY_MS = 1000;

/** ioredis refuses a command it could not send (closed stream, offline queue disabled). */
function isNotSent(err: unknown): boolean {
  return /enableOfflineQueue|Stream isn't writeable|Connection is closed|ECONNREFUSED/i.test((err as Error).message ?? '');
}

const add = <K>(counts: Map<K, number>, key: K, by: number) => counts.set(key, (counts.get(key) ?? 0) + by);
const addView = (batch: ViewBatch, id: number, bucket: string) => {
  add(batch.counts, id, 1);
  add(batch.buckets, bucket, 1);
};

/**
 * The views one process counted and Postgres does not have yet, held twice (docs/adr/0003): in
 * Redis (a hash per batch, listed in the registry: the beacon script's HINCRBY) and here (the
 * batch's counts). Each flush interval the current batch is closed, and its owner hands the closed
 * ones to Postgres (the content service, ViewCounter) or to the content service (the gateway), which
 * applies them "the largest figure wins" per batch and article: so a batch applied twice, or also
 * found in Redis by a recovering process, adds each view once. Redis's copy never holds more than
 * this one.
 */
export class ViewTally {
  /** This process, as batch names say it (a batch of another owner left 10 s is an orphan). */
  readonly owner = randomUUID();
  private sequence = 0;
  private current: OpenBatch;
  /** Closed batches not yet applied, oldest first. */
  private closedBatches: OpenBatch[] = [];
  private redisDownUntil = 0;

  constructor(private readonly store: CountStore) {
    this.current = this.open();
  }

  private open(): OpenBatch {
    this.sequence += 1;
    return { name: viewBatchName(Date.now(), this.owner, this.sequence), counts: new Map(), buckets: new Map(), inflight: 0, settled: [] };
  }

  /** Whether Redis is being left alone (a command could not be sent a moment ago). */
  get redisResting(): boolean {
    return Date.now() < this.redisDownUntil;
  }

  /** Admits, counts, ranks and answers a beacon in one script call (see BeaconOp); a counted view is held here too, in its bucket. */
  recordBeacon(article: CountedArticle, admission: AdmissionCheck, now: number, bucket: string): Promise<BeaconRecord> {
    const field = String(article.id);
    return this.sending(article.id, bucket, (batch) => this.store.beacon({
      stamp: { keys: ARTICLE_STAMP_KEYS, expected: article.stamp },
      admission,
      count: { registry: VIEW_BATCH_REGISTRY, batch: batch.name, field, bucket },
      ranking: popularDay(now),
      shown: { key: `views:shown:${field}`, base: article.base, ttlMs: SHOWN_TTL_MS },
    } satisfies BeaconOp));
  }

  /** Counts an admitted view and its bucket in Redis (SADD + HINCRBYs in one round trip) and here; `unsent`: Redis surely does not have it. */
  async record(articleId: number, bucket: string): Promise<'held' | 'unsent'> {
    const outcome = await this.sending(articleId, bucket, async (batch) => {
      await this.store.hincrbyRegistered(VIEW_BATCH_REGISTRY, batch.name, [String(articleId), bucket], 1);
      return { decision: 'pass', count: 0 } satisfies BeaconOutcome;
    });
    return outcome.decision === 'unsent' ? 'unsent' : 'held';
  }

  private async sending(articleId: number, bucket: string, send: (batch: OpenBatch) => Promise<BeaconOutcome>): Promise<BeaconRecord> {
    if (this.redisResting) return { decision: 'unsent' };
    const batch = this.current;
    batch.inflight += 1;
    try {
      const outcome = await send(batch);
      if (outcome.decision === 'pass') addView(batch, articleId, bucket);
      return outcome;
    } catch (err) {
      if (isNotSent(err)) {
        this.redisDownUntil = Date.now() + REDIS_RETRY_MS;
        return { decision: 'unsent' };
      }
      // Sent but unanswered: Redis may have counted it; so does this batch, whose figure is the truth.
      addView(batch, articleId, bucket);
      return { decision: 'uncertain' };
    } finally {
      batch.inflight -= 1;
      if (batch.inflight === 0) for (const resolve of batch.settled.splice(0)) resolve();
    }
  }

  /** Holds a view here only (neither Redis nor Postgres could take it): applied with the batch. */
  hold(articleId: number, bucket: string): void {
    addView(this.current, articleId, bucket);
  }

  /** Views held here and not yet applied, per article id asked. */
  heldFor(ids: number[]): ViewCounts {
    const held: ViewCounts = new Map();
    for (const batch of [...this.closedBatches, this.current]) for (const id of ids) if (batch.counts.has(id)) add(held, id, batch.counts.get(id)!);
    return held;
  }

  /** Views held here and not yet applied (what a shutdown must hand over). */
  heldHere(): number {
    let held = 0;
    for (const batch of [...this.closedBatches, this.current]) for (const count of batch.counts.values()) held += count;
    return held;
  }

  /**
   * Closes the current batch (a new one takes the next views) once its script calls are settled, and
   * answers every closed batch not yet applied, oldest first. A batch that counted nothing here has
   * nothing in Redis either (the script writes only a counted view): `applied` drops it as it is.
   */
  async close(): Promise<readonly ViewBatch[]> {
    const batch = this.current;
    this.current = this.open();
    this.closedBatches.push(batch);
    if (batch.inflight > 0) await new Promise<void>((resolve) => batch.settled.push(resolve));
    return this.closedBatches;
  }

  /** The closed batches not yet applied, oldest first. */
  get closed(): readonly ViewBatch[] {
    return this.closedBatches;
  }

  /** A closed batch is in Postgres: no longer held here. */
  applied(batch: ViewBatch): void {
    this.closedBatches = this.closedBatches.filter((held) => held !== batch);
  }
}
