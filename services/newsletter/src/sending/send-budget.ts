import type { Knex } from 'knex';

/**
 * The per-minute rate, shared by every replica: a token bucket in one row (send_budget), filled at
 * the rate and holding at most a second's worth (or one batch).
 */
export class SendBudget {
  private readonly perSecond: number;
  private readonly capacity: number;

  constructor(
    private readonly db: Knex,
    ratePerMinute: number,
    batch: number,
  ) {
    this.perSecond = ratePerMinute / 60;
    this.capacity = Math.max(1, Math.min(batch, Math.ceil(this.perSecond)));
  }

  /** How many emails may go now (0 to `wanted`). */
  async take(wanted: number): Promise<number> {
    const { rows } = await this.db.raw<{ rows: Array<{ granted: number }> }>(
      `with b as (
         select least(?::float8, tokens + greatest(0, extract(epoch from (clock_timestamp() - refreshed_at))) * ?::float8) as t
         from send_budget where id = 1 for update)
       update send_budget s set tokens = b.t - least(?::int, floor(b.t)), refreshed_at = clock_timestamp()
       from b where s.id = 1
       returning least(?::int, floor(b.t))::int as granted`,
      [this.capacity, this.perSecond, wanted, wanted],
    );
    return rows[0]?.granted ?? 0;
  }

  /** What was taken and not used (fewer emails were due). */
  async giveBack(count: number): Promise<void> {
    if (count > 0) await this.db.raw('update send_budget set tokens = least(?::float8, tokens + ?) where id = 1', [this.capacity, count]);
  }

  /** How long until the next email may go. */
  get refillMs(): number {
    return Math.ceil(1000 / this.perSecond);
  }
}
