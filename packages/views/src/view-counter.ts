import type { Logger } from '@coinmag/service-kit';
import { ORPHAN_BATCH_AFTER_MS, parseViewBatchName, VIEW_BATCH_REGISTRY } from './keys.js';
import type { CountStore } from './view-store.js';
import { ViewTally, type ViewBatch, type ViewCounts } from './view-tally.js';
import { parseBucketField, type BucketCounts } from './view-buckets.js';
import type { ViewsRepository } from './views.repository.js';

export interface FlushFaults {
  /** Called once the batch is closed, before Postgres is written (a flush killed there). */
  afterSnapshot?: () => void;
  /** Called after a batch is committed, before Redis forgets it (a flush killed there). */
  afterCommit?: () => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Taipei is UTC+8 all year. */
const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The Taipei midnight that begins the day `days` days before `now`'s Taipei day. */
export function taipeiMidnightBefore(now: Date, days: number): Date {
  const today = Math.floor((now.getTime() + TAIPEI_OFFSET_MS) / DAY_MS) * DAY_MS - TAIPEI_OFFSET_MS;
  return new Date(today - days * DAY_MS);
}

/** An article-id field of a batch hash (the others are its bucket fields). */
const isArticleField = (field: string) => /^[1-9]\d{0,9}$/.test(field);

/** A batch's hash as Redis holds it: its counts per article and per bucket. */
function batchOf(name: string, hash: Record<string, string>): ViewBatch {
  const counts: ViewCounts = new Map();
  const buckets: BucketCounts = new Map();
  for (const [field, value] of Object.entries(hash)) {
    if (!(Number(value) > 0)) continue;
    if (isArticleField(field)) counts.set(Number(field), Number(value));
    else if (parseBucketField(field)) buckets.set(field, Number(value));
  }
  return { name, counts, buckets };
}

/**
 * The hand-over to Postgres, in the content service: this process's tally (ViewTally, held here
 * and in Redis) applied every flush, the batches a gateway hands over applied as they come, and the
 * batches of processes that died or stalled found in Redis's registry and applied. Applying is
 * "the largest figure wins" per batch and article (ViewsRepository), so every copy of a batch adds
 * each view once. When Redis cannot be reached at all, views go straight into Postgres; when
 * neither can, they are held here until a flush commits them.
 */
export class ViewCounter {
  readonly tally: ViewTally;
  private flushing: Promise<unknown> = Promise.resolve();
  private readonly flushListeners = new Set<() => void>();

  constructor(
    private readonly store: CountStore,
    private readonly repository: ViewsRepository,
    private readonly log: Logger,
    private readonly orphanAfterMs = ORPHAN_BATCH_AFTER_MS,
  ) {
    this.tally = new ViewTally(store);
  }

  /** Resolves once an admitted view (and its bucket, `bucketField`) is held where a death cannot lose it. */
  async record(articleId: number, bucket: string): Promise<void> {
    if ((await this.tally.record(articleId, bucket)) === 'unsent') await this.recordInPostgres(articleId, bucket);
  }

  private async recordInPostgres(articleId: number, bucket: string): Promise<void> {
    try {
      await this.repository.add(articleId, 1, bucket);
    } catch {
      // Neither reachable: held in this process until a flush commits it.
      this.tally.hold(articleId, bucket);
    }
  }

  /** Told after each flush of this process (or hand-over applied) that moved views into Postgres. */
  onFlushed(listener: () => void): void {
    this.flushListeners.add(listener);
  }

  /** Views counted but not yet in Postgres, per article id (all processes when Redis answers). */
  async pendingFor(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    try {
      const sums = await this.store.sumRegistered(VIEW_BATCH_REGISTRY, ids.map(String));
      const result = new Map<number, number>();
      sums.forEach((sum, index) => sum && result.set(ids[index]!, (result.get(ids[index]!) ?? 0) + sum));
      return result;
    } catch {
      return this.tally.heldFor(ids);
    }
  }

  /** Views counted but not yet in Postgres, all articles together. */
  async pendingTotal(): Promise<number> {
    try {
      let total = 0;
      for (const hash of await this.store.smembers(VIEW_BATCH_REGISTRY)) {
        for (const [field, value] of Object.entries(await this.store.hgetall(hash))) if (isArticleField(field)) total += Number(value);
      }
      return total;
    } catch {
      return this.tally.heldHere();
    }
  }

  /** Views held in this process and not yet committed (what a shutdown must flush). */
  heldHere(): number {
    return this.tally.heldHere();
  }

  /** Moves counted views into Postgres; returns how many were added. One flush at a time per process. */
  flush(faults: FlushFaults = {}): Promise<number> {
    const run = this.flushing.then(() => this.flushOnce(faults)).then((written) => {
      if (written > 0) for (const listener of this.flushListeners) listener();
      return written;
    });
    this.flushing = run.catch(() => {});
    return run;
  }

  private async flushOnce(faults: FlushFaults): Promise<number> {
    let written = await this.recoverOrphans().catch((err) => {
      this.log.warn({ err: (err as Error).message }, 'could not look for unfinished view batches; retried next flush');
      return 0;
    });
    const closed = await this.tally.close();
    faults.afterSnapshot?.();
    for (const batch of [...closed]) {
      written += await this.repository.applyBatch(batch.name, batch.counts, batch.buckets);
      faults.afterCommit?.();
      this.tally.applied(batch);
      await this.forget(batch.name);
    }
    return written;
  }

  /**
   * Applies batches another process counted and held (the gateway hands its own every flush
   * interval), as this process applies its own: "the largest figure wins" per batch and article,
   * so a batch handed twice, or also found in Redis, adds each view once; then Redis's copy goes.
   */
  async applyHanded(batches: readonly ViewBatch[]): Promise<number> {
    let written = 0;
    for (const { name, counts, buckets } of batches) {
      written += await this.repository.applyBatch(name, counts, buckets);
      await this.forget(name);
    }
    if (written > 0) for (const listener of this.flushListeners) listener();
    return written;
  }

  /** Redis's copy of a committed batch; if Redis cannot hear it now, a later recovery finds it applied. */
  private async forget(name: string): Promise<void> {
    try {
      await this.store.del([name]);
      await this.store.srem(VIEW_BATCH_REGISTRY, name);
    } catch {
      // Harmless: re-applying a committed batch adds nothing.
    }
  }

  /** Applies from Redis the batches of processes that did not finish them (died, or stalled). */
  private async recoverOrphans(): Promise<number> {
    let written = 0;
    for (const name of await this.store.smembers(VIEW_BATCH_REGISTRY)) {
      const parts = parseViewBatchName(name);
      if (parts?.owner === this.tally.owner || Date.now() - (parts?.openedAt ?? Number(name.split(':')[2])) < this.orphanAfterMs) continue;
      const batch = batchOf(name, await this.store.hgetall(name));
      if (batch.counts.size > 0) {
        this.log.warn({ batch: name }, 'applying a view batch its process did not finish');
        written += await this.repository.applyBatch(name, batch.counts, batch.buckets);
      }
      await this.forget(name);
    }
    return written;
  }

  /**
   * Rolls the hourly buckets older than `retentionDays` into their Taipei days: those before the
   * Taipei midnight `retentionDays` days before today's (so a day is kept whole in one table).
   */
  async rollUpHours(retentionDays: number, now = new Date()): Promise<number> {
    return this.repository.rollUpHours(taipeiMidnightBefore(now, retentionDays));
  }

  /** Forgets batch records older than a day. */
  async pruneFlushLog(): Promise<void> {
    await this.repository.pruneBatches(new Date());
  }
}
