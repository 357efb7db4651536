import type { Knex } from 'knex';

export type OutboxChannel = 'webhook' | 'indexnow';

export interface OutboxRow {
  id: number;
  channel: OutboxChannel;
  endpoint_id: number | null;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date;
}

export interface AttemptRecord {
  statusCode: number | null;
  error: string;
  durationMs: number;
}

/**
 * The outbox: deliveries written in the transaction of the change they tell of, claimed by the
 * worker with SKIP LOCKED (replicas never send one twice at once), each attempt kept.
 */
export class OutboxRepository {
  constructor(private readonly db: Knex) {}

  /** One delivery per enabled endpoint that wants `event` (or only `endpointId`, for a test). */
  async enqueueWebhooks(trx: Knex | Knex.Transaction, now: Date, event: string, payload: Record<string, unknown>, endpointId?: number): Promise<number> {
    const filter = endpointId === undefined ? trx.raw('enabled and ? = any(events)', [event]) : trx.raw('id = ?', [endpointId]);
    const result = await trx.raw(
      `insert into outbox_messages (channel, endpoint_id, event, payload, created_at, next_attempt_at) select 'webhook', id, ?, ?::jsonb, ?, ? from webhook_endpoints where ? returning id`,
      [event, JSON.stringify(payload), now, now, filter],
    );
    return (result.rows as unknown[]).length;
  }

  /** IndexNow's share of a change: only while the site has a key (docs/product.md §11). */
  async enqueueIndexNow(trx: Knex | Knex.Transaction, now: Date, event: string, urls: string[]): Promise<void> {
    await trx.raw(
      `insert into outbox_messages (channel, event, payload, created_at, next_attempt_at) select 'indexnow', ?, ?::jsonb, ?, ? from settings where id = 1 and indexnow_key <> ''`,
      [event, JSON.stringify({ urls }), now, now],
    );
  }

  /**
   * Up to `limit` due messages of `channel`, leased until `leaseUntil` (a process that dies
   * mid-send leaves them to be sent again then), their attempt counted.
   */
  async claim(channel: OutboxChannel, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
    const result = await this.db.raw(
      `update outbox_messages set next_attempt_at = ?, attempts = attempts + 1
       where id in (select id from outbox_messages where status = 'pending' and channel = ? and next_attempt_at <= ? order by id limit ? for update skip locked)
       returning id, channel, endpoint_id, event, payload, attempts, created_at`,
      [leaseUntil, channel, now, limit],
    );
    return (result.rows as OutboxRow[]).map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  /** The attempt and what follows it: delivered, given up, or sent again at `retryAt`. */
  async finishAttempt(ids: number[], attempt: AttemptRecord, outcome: { delivered: true } | { retryAt: Date } | { failed: true }, now: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction(async (trx) => {
      await trx('outbox_attempts').insert(ids.map((id) => ({ message_id: id, at: now, status_code: attempt.statusCode, error: attempt.error.slice(0, 300), duration_ms: attempt.durationMs })));
      const update = 'retryAt' in outcome
        ? { next_attempt_at: outcome.retryAt }
        : { status: 'delivered' in outcome ? 'delivered' : 'failed', finished_at: now };
      await trx('outbox_messages').whereIn('id', ids).where('status', 'pending').update(update);
    });
  }

  /** Deletes finished messages (and their attempts) finished before `before`; how many. */
  prune(before: Date): Promise<number> {
    return this.db('outbox_messages').whereNot('status', 'pending').where('finished_at', '<', before).delete();
  }

  /** The earliest time a pending message is due, if any. */
  async nextDue(): Promise<Date | undefined> {
    const row = await this.db('outbox_messages').where('status', 'pending').min<{ next: Date | null }>('next_attempt_at as next').first();
    return row?.next ? new Date(row.next) : undefined;
  }
}
