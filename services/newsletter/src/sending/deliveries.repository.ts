import type { Knex } from 'knex';

export interface ClaimedDelivery {
  id: number;
  kind: 'campaign' | 'confirm' | 'test';
  campaign_id: number | null;
  subscriber_id: number | null;
  test_address: string | null;
  attempts: number;
  created_at: Date;
}

/** The delivery was claimed again by another sender (our lease ran out): what we did is not recorded. */
export class LeaseLost extends Error {}

/** The outbox's queries: claiming with a lease, recording each answer under that lease. */
export class DeliveriesRepository {
  constructor(private readonly db: Knex) {}

  /** Whether any delivery is due now: an idle sender asks this and writes nothing. */
  async anyDue(): Promise<boolean> {
    const row = await this.db('deliveries').where('status', 'pending').andWhere('next_attempt_at', '<=', this.db.fn.now()).first('id');
    return row !== undefined;
  }

  /**
   * Up to `limit` due deliveries, confirmations and tests first, each leased to `owner` until
   * `leaseMs` from now (a sender that dies leaves them to the next claim after that).
   */
  async claim(limit: number, leaseMs: number, owner: string): Promise<ClaimedDelivery[]> {
    const { rows } = await this.db.raw<{ rows: Array<ClaimedDelivery & { id: string; campaign_id: string | null; subscriber_id: string | null }> }>(
      `with due as (
         select id from deliveries
         where status = 'pending' and next_attempt_at <= now()
         order by priority, next_attempt_at, id
         limit ? for update skip locked)
       update deliveries d
         set next_attempt_at = now() + (? * interval '1 millisecond'), lease_owner = ?, attempts = d.attempts + 1
       from due where d.id = due.id
       returning d.id, d.kind, d.campaign_id, d.subscriber_id, d.test_address, d.attempts, d.created_at`,
      [limit, leaseMs, owner],
    );
    return rows
      .map((row) => ({ ...row, id: Number(row.id), campaign_id: row.campaign_id === null ? null : Number(row.campaign_id), subscriber_id: row.subscriber_id === null ? null : Number(row.subscriber_id) }))
      .sort((a, b) => a.id - b.id);
  }

  /**
   * Marks it sent with the relay's answer: one single-row UPDATE on `db` (the pool: it commits on
   * its own; or the mailbox's transaction). A row of ours already sent is our own end-of-data
   * record whose answer was lost: the answer goes beside it. Throws LeaseLost when another sender
   * holds it now.
   */
  async markSent(db: Knex | Knex.Transaction, id: number, owner: string, response: string): Promise<void> {
    const updated = await db('deliveries')
      .where({ id, lease_owner: owner })
      .whereIn('status', ['pending', 'sent'])
      .update({ status: 'sent', sent_at: db.fn.now(), smtp_response: response.slice(0, 300), lease_owner: null, last_error: null });
    if (updated !== 1) throw new LeaseLost(`delivery ${id} is no longer ours`);
  }

  /**
   * The relays' 250s of a batch beside their rows, in one statement. The rows were marked sent at
   * their end of data (and keep their lease until here, so a refusal can still undo them).
   */
  async confirmSent(owner: string, answers: Array<{ id: number; answer: string }>): Promise<void> {
    if (answers.length === 0) return;
    await this.db.raw(
      `update deliveries d set smtp_response = v.answer, lease_owner = null
       from (select unnest(?::bigint[]) as id, unnest(?::text[]) as answer) v
       where d.id = v.id and d.lease_owner = ? and d.status = 'sent'`,
      [answers.map((row) => row.id), answers.map((row) => row.answer.slice(0, 300)), owner],
    );
  }

  /** Rows of ours still pending, or marked sent at their end of data and then refused by the relay. */
  private ours(id: number, owner: string) {
    return this.db('deliveries').where({ id, lease_owner: owner }).whereIn('status', ['pending', 'sent']);
  }

  async retryLater(id: number, owner: string, error: string, delayMs: number): Promise<void> {
    await this.ours(id, owner)
      .update({ status: 'pending', sent_at: null, next_attempt_at: this.db.raw(`now() + (? * interval '1 millisecond')`, [delayMs]), last_error: error.slice(0, 300), lease_owner: null });
  }

  async fail(id: number, owner: string, error: string): Promise<void> {
    await this.ours(id, owner).update({ status: 'failed', sent_at: null, last_error: error.slice(0, 300), lease_owner: null });
  }

  async cancel(id: number, owner: string, reason: string): Promise<void> {
    await this.db('deliveries').where({ id, lease_owner: owner, status: 'pending' }).update({ status: 'cancelled', last_error: reason, lease_owner: null });
  }

  /** A permanent failure: the address is suppressed and nothing more is sent to it. */
  async suppress(subscriberId: number, reason: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('subscribers').where({ id: subscriberId }).update({ status: 'suppressed', suppressed_at: trx.fn.now(), suppressed_reason: reason.slice(0, 300), updated_at: trx.fn.now() });
      await trx('deliveries').where({ subscriber_id: subscriberId, status: 'pending' }).update({ status: 'cancelled', last_error: 'suppressed' });
    });
  }

  /** Campaigns with nothing left pending are sent. */
  async finishCampaigns(): Promise<void> {
    await this.db.raw(
      `update campaigns c set state = 'sent', finished_at = now(), updated_at = now()
       where c.state = 'sending' and not exists (select 1 from deliveries d where d.campaign_id = c.id and d.status = 'pending')`,
    );
  }
}
