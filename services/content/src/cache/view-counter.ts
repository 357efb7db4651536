import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from '@coinmag/service-kit';
import { VIEWS_PENDING_FLAG } from './response-cache.js';
import type { KeyValueStore } from './store.js';

const PENDING = 'views:pending';
const SNAPSHOTS = 'views:snapshots';
/** A snapshot older than this was left by a flush that died; anyone may finish it. */
const DEFAULT_ORPHAN_AFTER_MS = 10_000;
const PENDING_FLAG_TTL_MS = 65_000;

/** ioredis refuses a command it could not send (closed stream, offline queue disabled). */
function isNotSent(err: unknown): boolean {
  const message = (err as Error).message ?? '';
  return /enableOfflineQueue|Stream isn't writeable|Connection is closed|ECONNREFUSED/i.test(message);
}

export interface FlushFaults {
  afterSnapshot?: () => void;
  afterCommit?: () => void;
}

/**
 * Views go to Redis at once (HINCRBY) and reach Postgres in batches:
 * 1. the pending hash is RENAMEd to a snapshot (atomic: later views start a new hash);
 * 2. one transaction records the snapshot's id in view_flushes and adds all its counts;
 * 3. the snapshot is deleted.
 * A flush that dies after 1 leaves the snapshot to be applied later; one that dies after 2
 * is not applied twice (the id is already recorded). Replicas flushing at once each
 * take their own snapshot, and race safely on orphans through the same id.
 */
export class ViewCounter {
  constructor(
    private readonly store: KeyValueStore,
    private readonly db: Knex,
    private readonly log: Logger,
    /** Told after views reach Postgres, so cached bodies carrying the old figure are dropped. */
    private readonly onFlushed: () => Promise<void> = async () => {},
    private readonly orphanAfterMs = DEFAULT_ORPHAN_AFTER_MS,
  ) {}

  async record(articleId: number): Promise<void> {
    try {
      await this.store.hincrby(PENDING, String(articleId), 1);
    } catch (err) {
      // Never sent (no connection): count straight into Postgres rather than lose the view.
      // Sent but unanswered in time: Redis may have it, so it is not counted again.
      if (!isNotSent(err)) throw err;
      await this.db('articles').where({ id: articleId }).increment('view_count', 1);
      return;
    }
    await this.raisePendingFlag();
  }

  private flagRaisedAt = 0;

  /** The flag outlives any flush interval; re-raised at most once a second per process. */
  private async raisePendingFlag(): Promise<void> {
    if (Date.now() - this.flagRaisedAt < 1000) return;
    this.flagRaisedAt = Date.now();
    await this.store.set(VIEWS_PENDING_FLAG, '1', PENDING_FLAG_TTL_MS).catch(() => {});
  }

  /** Views counted but not yet in Postgres, per article id. */
  async pendingFor(ids: number[]): Promise<Map<number, number>> {
    const result = new Map<number, number>();
    if (ids.length === 0) return result;
    const fields = ids.map(String);
    try {
      const hashes = [PENDING, ...(await this.store.smembers(SNAPSHOTS))];
      for (const hash of hashes) {
        const values = await this.store.hmget(hash, fields);
        values.forEach((value, index) => {
          if (value) result.set(ids[index]!, (result.get(ids[index]!) ?? 0) + Number(value));
        });
      }
    } catch {
      // Without Redis the figure is Postgres's alone.
    }
    return result;
  }

  /** Moves pending views into Postgres; returns how many views were written. */
  async flush(faults: FlushFaults = {}): Promise<number> {
    let written = await this.recoverOrphans();
    const snapshot = `views:flushing:${Date.now()}:${randomUUID()}`;
    await this.store.sadd(SNAPSHOTS, snapshot);
    if (await this.store.renameIfExists(PENDING, snapshot)) {
      faults.afterSnapshot?.();
      written += await this.apply(snapshot, faults);
    } else {
      await this.store.srem(SNAPSHOTS, snapshot);
    }
    if (written > 0) await this.onFlushed();
    return written;
  }

  private async recoverOrphans(): Promise<number> {
    let written = 0;
    for (const snapshot of await this.store.smembers(SNAPSHOTS)) {
      const takenAt = Number(snapshot.split(':')[2]);
      if (Date.now() - takenAt < this.orphanAfterMs) continue;
      this.log.warn({ snapshot }, 'finishing a view flush that did not complete');
      written += await this.apply(snapshot);
    }
    return written;
  }

  private async apply(snapshot: string, faults: FlushFaults = {}): Promise<number> {
    const counts = await this.store.hgetall(snapshot);
    const ids = Object.keys(counts).map(Number);
    const views = ids.map((id) => Number(counts[String(id)]));
    let written = 0;
    if (ids.length > 0) {
      await this.db.transaction(async (trx) => {
        const claimed = await trx('view_flushes').insert({ id: snapshot }).onConflict('id').ignore().returning('id');
        if (claimed.length === 0) return;
        await trx.raw(
          `update articles a set view_count = a.view_count + v.views
             from (select unnest(?::int[]) as id, unnest(?::bigint[]) as views) v
            where a.id = v.id`,
          [ids, views],
        );
        written = views.reduce((sum, n) => sum + n, 0);
      });
    }
    faults.afterCommit?.();
    await this.store.del([snapshot]);
    await this.store.srem(SNAPSHOTS, snapshot);
    return written;
  }

  /** Views counted but not yet in Postgres, all articles together. */
  async pendingTotal(): Promise<number> {
    try {
      let total = 0;
      for (const hash of [PENDING, ...(await this.store.smembers(SNAPSHOTS))]) {
        for (const value of Object.values(await this.store.hgetall(hash))) total += Number(value);
      }
      return total;
    } catch {
      return 0;
    }
  }

  /** Forgets flush ids older than a day (a snapshot never lives that long). */
  async pruneFlushLog(): Promise<void> {
    await this.db('view_flushes').where('applied_at', '<', new Date(Date.now() - 24 * 60 * 60 * 1000)).delete();
  }
}
