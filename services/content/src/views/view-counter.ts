import { randomUUID } from 'node:crypto';
import { ORPHAN_BATCH_AFTER_MS, parseViewBatchName, VIEW_BATCH_REGISTRY, viewBatchName, type Logger } from '@coinmag/service-kit';
import type { BeaconOp, BeaconOutcome, CountStore } from './view-store.js';
import type { ViewCounts, ViewsRepository } from './views.repository.js';

/** Every batch hash in Redis is listed here, so a batch whose process died is found. */
const REGISTRY = VIEW_BATCH_REGISTRY;
/** The previous counter's keys, drained once by whoever finds them (rolling upgrades). */
const LEGACY_PENDING = 'views:pending';
const LEGACY_SNAPSHOTS = 'views:snapshots';
const DEFAULT_ORPHAN_AFTER_MS = ORPHAN_BATCH_AFTER_MS;
/** How long Redis is left alone after it could not be reached. */
const REDIS_RETRY_MS = 1000;

/** ioredis refuses a command it could not send (closed stream, offline queue disabled). */
function isNotSent(err: unknown): boolean {
  const message = (err as Error).message ?? '';
  return /enableOfflineQueue|Stream isn't writeable|Connection is closed|ECONNREFUSED/i.test(message);
}

/**
 * What became of a beacon sent with its count: the store's outcome; `unsent` when Redis surely
 * did nothing (the caller takes the path that needs no Redis); `uncertain` when it was sent and
 * not answered: the view is counted in this process (Redis holds it once or not at all, never more).
 */
export type BeaconRecord = BeaconOutcome | { decision: 'unsent' } | { decision: 'uncertain' };

export interface FlushFaults {
  /** Called once the batch is closed, before Postgres is written (a flush killed there). */
  afterSnapshot?: () => void;
  /** Called after a batch is committed, before Redis forgets it (a flush killed there). */
  afterCommit?: () => void;
}

interface Batch {
  name: string;
  counts: ViewCounts;
  /** Records still waiting for Redis; a closed batch is applied once they are settled. */
  inflight: number;
  settled: Array<() => void>;
}

const add = (counts: ViewCounts, id: number, by: number) => counts.set(id, (counts.get(id) ?? 0) + by);

function countsOf(hash: Record<string, string>): ViewCounts {
  const counts: ViewCounts = new Map();
  for (const [id, value] of Object.entries(hash)) if (Number(id) > 0 && Number(value) > 0) counts.set(Number(id), Number(value));
  return counts;
}

/**
 * Every view is held twice until Postgres has it: in this process (the batch's counts) and
 * in Redis (a hash per batch, HINCRBY). So it survives the death of either one:
 * - Redis dies or loses its data: this process applies its own counts at the next flush;
 * - this process dies: another one finds the batch in Redis's registry and applies it.
 * Batches are applied with "the largest figure wins" per batch and article (ViewsRepository),
 * and Redis's copy never holds more than the process's, so applying both adds each view once.
 * When Redis cannot be reached at all, views go straight into Postgres.
 */
export class ViewCounter {
  private readonly owner = randomUUID();
  private sequence = 0;
  private current: Batch;
  /** Closed batches not yet committed to Postgres, oldest first. */
  private readonly closed: Batch[] = [];
  private redisDownUntil = 0;
  private flushing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: CountStore,
    private readonly repository: ViewsRepository,
    private readonly log: Logger,
    private readonly orphanAfterMs = DEFAULT_ORPHAN_AFTER_MS,
  ) {
    this.current = this.open();
  }

  private open(): Batch {
    this.sequence += 1;
    return { name: viewBatchName(Date.now(), this.owner, this.sequence), counts: new Map(), inflight: 0, settled: [] };
  }

  /** Resolves once the view is held where a death cannot lose it. */
  async record(articleId: number): Promise<void> {
    if (Date.now() < this.redisDownUntil) return this.recordInPostgres(articleId);
    const batch = this.current;
    batch.inflight += 1;
    try {
      await this.store.hincrbyRegistered(REGISTRY, batch.name, String(articleId), 1);
      add(batch.counts, articleId, 1);
    } catch (err) {
      if (isNotSent(err)) {
        // Redis surely does not have it: Postgres gets it now.
        this.redisDownUntil = Date.now() + REDIS_RETRY_MS;
        await this.recordInPostgres(articleId);
      } else {
        // Sent but unanswered: Redis may have it; the batch's own figure is the truth.
        add(batch.counts, articleId, 1);
      }
    } finally {
      batch.inflight -= 1;
      if (batch.inflight === 0) for (const resolve of batch.settled.splice(0)) resolve();
    }
  }

  /**
   * Admits, counts and ranks a beacon in one round trip (the store's `beacon`), and holds a counted
   * view in this process's batch too, as `record` does.
   */
  async recordBeacon(articleId: number, parts: Omit<BeaconOp, 'count'>): Promise<BeaconRecord> {
    if (Date.now() < this.redisDownUntil) return { decision: 'unsent' };
    const batch = this.current;
    batch.inflight += 1;
    try {
      const outcome = await this.store.beacon({ ...parts, count: { registry: REGISTRY, batch: batch.name, field: String(articleId) } });
      if (outcome.decision === 'pass') add(batch.counts, articleId, 1);
      return outcome;
    } catch (err) {
      if (isNotSent(err)) {
        this.redisDownUntil = Date.now() + REDIS_RETRY_MS;
        return { decision: 'unsent' };
      }
      // Sent but unanswered: Redis may have counted it; so does the batch, whose figure is the truth.
      add(batch.counts, articleId, 1);
      return { decision: 'uncertain' };
    } finally {
      batch.inflight -= 1;
      if (batch.inflight === 0) for (const resolve of batch.settled.splice(0)) resolve();
    }
  }

  private readonly flushListeners = new Set<() => void>();

  /** Told after each flush of this process that moved views into Postgres. */
  onFlushed(listener: () => void): void {
    this.flushListeners.add(listener);
  }

  private async recordInPostgres(articleId: number): Promise<void> {
    try {
      await this.repository.add(articleId, 1);
    } catch {
      // Neither reachable: held in this process until a flush commits it.
      add(this.current.counts, articleId, 1);
    }
  }

  /** Views counted but not yet in Postgres, per article id (all processes when Redis answers). */
  async pendingFor(ids: number[]): Promise<Map<number, number>> {
    const result = new Map<number, number>();
    if (ids.length === 0) return result;
    try {
      const sums = await this.store.sumRegistered(REGISTRY, ids.map(String));
      sums.forEach((sum, index) => sum && add(result, ids[index]!, sum));
    } catch {
      result.clear();
      for (const batch of [...this.closed, this.current]) for (const id of ids) if (batch.counts.has(id)) add(result, id, batch.counts.get(id)!);
    }
    return result;
  }

  /** Views counted but not yet in Postgres, all articles together. */
  async pendingTotal(): Promise<number> {
    try {
      let total = 0;
      for (const hash of await this.store.smembers(REGISTRY)) for (const value of Object.values(await this.store.hgetall(hash))) total += Number(value);
      return total;
    } catch {
      return [...this.closed, this.current].reduce((sum, batch) => sum + [...batch.counts.values()].reduce((a, b) => a + b, 0), 0);
    }
  }

  /** Views held in this process and not yet committed (what a shutdown must flush). */
  heldHere(): number {
    return [...this.closed, this.current].reduce((sum, batch) => sum + [...batch.counts.values()].reduce((a, b) => a + b, 0), 0);
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
    const batch = this.current;
    this.current = this.open();
    this.closed.push(batch);
    if (batch.inflight > 0) await new Promise<void>((resolve) => batch.settled.push(resolve));
    faults.afterSnapshot?.();
    for (const pending of [...this.closed]) {
      written += await this.repository.applyBatch(pending.name, pending.counts);
      faults.afterCommit?.();
      this.closed.splice(this.closed.indexOf(pending), 1);
      await this.forget(pending.name);
    }
    return written;
  }

  /**
   * Applies batches another process counted and held (the gateway hands its own every flush
   * interval), as this process applies its own: "the largest figure wins" per batch and article,
   * so a batch handed twice, or also found in Redis, adds each view once; then Redis's copy goes.
   */
  async applyHanded(batches: ReadonlyArray<{ name: string; counts: ViewCounts }>): Promise<number> {
    let written = 0;
    for (const { name, counts } of batches) {
      written += await this.repository.applyBatch(name, counts);
      await this.forget(name);
    }
    if (written > 0) for (const listener of this.flushListeners) listener();
    return written;
  }

  /** Redis's copy of a committed batch; if Redis cannot hear it now, a later recovery finds it applied. */
  private async forget(name: string): Promise<void> {
    try {
      await this.store.del([name]);
      await this.store.srem(REGISTRY, name);
    } catch {
      // Harmless: re-applying a committed batch adds nothing.
    }
  }

  /** Applies from Redis the batches of processes that did not finish them (died, or stalled). */
  private async recoverOrphans(): Promise<number> {
    let written = await this.drainLegacy();
    for (const name of await this.store.smembers(REGISTRY)) {
      const parts = parseViewBatchName(name);
      if (parts?.owner === this.owner || Date.now() - (parts?.openedAt ?? Number(name.split(':')[2])) < this.orphanAfterMs) continue;
      const counts = countsOf(await this.store.hgetall(name));
      if (counts.size > 0) {
        this.log.warn({ batch: name }, 'applying a view batch its process did not finish');
        written += await this.repository.applyBatch(name, counts);
      }
      await this.forget(name);
    }
    return written;
  }

  /** The previous counter kept one shared pending hash and snapshots of it; each is applied once. */
  private async drainLegacy(): Promise<number> {
    let written = 0;
    const snapshot = `views:flushing:${Date.now()}:${randomUUID()}`;
    await this.store.sadd(LEGACY_SNAPSHOTS, snapshot);
    if (!(await this.store.renameIfExists(LEGACY_PENDING, snapshot))) await this.store.srem(LEGACY_SNAPSHOTS, snapshot);
    for (const name of await this.store.smembers(LEGACY_SNAPSHOTS)) {
      if (name !== snapshot && Date.now() - Number(name.split(':')[2]) < this.orphanAfterMs) continue;
      written += await this.repository.applyLegacySnapshot(name, countsOf(await this.store.hgetall(name)));
      await this.store.del([name]);
      await this.store.srem(LEGACY_SNAPSHOTS, name);
    }
    return written;
  }

  /** Forgets batch records older than a day. */
  async pruneFlushLog(): Promise<void> {
    await this.repository.pruneBatches(new Date());
  }
}
