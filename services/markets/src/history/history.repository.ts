import type { Knex } from 'knex';
import type { HistoryPoint } from '../providers/provider.js';

export const HOURLY_RETENTION_DAYS = 90;
const HOUR_MS = 3_600_000;

/** Knex queries over the hourly and daily closes. */
export class HistoryRepository {
  constructor(private readonly db: Knex) {}

  /** Each point becomes its hour's and its day's close (a later point of the same hour replaces it). */
  async recordCloses(symbol: string, points: HistoryPoint[]): Promise<void> {
    if (points.length === 0) return;
    const hourly = new Map<number, HistoryPoint>();
    const daily = new Map<string, HistoryPoint>();
    for (const point of points) {
      const hour = Math.floor(point.at / HOUR_MS) * HOUR_MS;
      const previousHour = hourly.get(hour);
      if (!previousHour || previousHour.at <= point.at) hourly.set(hour, point);
      const day = new Date(point.at).toISOString().slice(0, 10);
      const previousDay = daily.get(day);
      if (!previousDay || previousDay.at <= point.at) daily.set(day, point);
    }
    const oldest = Date.now() - HOURLY_RETENTION_DAYS * 86_400_000;
    const hourRows = [...hourly].filter(([hour]) => hour >= oldest).map(([hour, point]) => ({ symbol, hour: new Date(hour), twd: point.twd }));
    const dayRows = [...daily].map(([day, point]) => ({ symbol, day, twd: point.twd }));
    await this.db.transaction(async (trx) => {
      for (let i = 0; i < hourRows.length; i += 500) {
        await trx('price_hourly').insert(hourRows.slice(i, i + 500)).onConflict(['symbol', 'hour']).merge(['twd']);
      }
      for (let i = 0; i < dayRows.length; i += 500) {
        await trx('price_daily').insert(dayRows.slice(i, i + 500)).onConflict(['symbol', 'day']).merge(['twd']);
      }
    });
  }

  /** Hourly closes since `from` (ms), oldest first. */
  async hourlySince(symbol: string, from: number): Promise<HistoryPoint[]> {
    const rows = await this.db('price_hourly').where({ symbol }).andWhere('hour', '>=', new Date(from)).orderBy('hour').select<Array<{ hour: Date; twd: number }>>('hour', 'twd');
    return rows.map((row) => ({ at: row.hour.getTime(), twd: Number(row.twd) }));
  }

  /** Daily closes since `from` (ms), oldest first; `at` is the day's start (UTC). */
  async dailySince(symbol: string, from: number): Promise<HistoryPoint[]> {
    const day = new Date(from).toISOString().slice(0, 10);
    const rows = await this.db('price_daily').where({ symbol }).andWhere('day', '>=', day).orderBy('day').select<Array<{ day: string | Date; twd: number }>>(this.db.raw("to_char(day, 'YYYY-MM-DD') as day"), 'twd');
    return rows.map((row) => ({ at: Date.parse(`${String(row.day)}T00:00:00Z`), twd: Number(row.twd) }));
  }

  /**
   * The close nearest `at`: the hourly close of its hour or the hour before (within 90 days),
   * else the daily close of its day or the day before; undefined when neither is stored.
   */
  async priceAt(symbol: string, at: number): Promise<HistoryPoint | undefined> {
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    const hourly = await this.db('price_hourly')
      .where({ symbol })
      .andWhereBetween('hour', [new Date(hour - HOUR_MS), new Date(hour)])
      .orderBy('hour', 'desc')
      .first<{ hour: Date; twd: number } | undefined>('hour', 'twd');
    if (hourly) return { at: hourly.hour.getTime(), twd: Number(hourly.twd) };
    const day = new Date(at).toISOString().slice(0, 10);
    const previous = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const daily = await this.db('price_daily')
      .where({ symbol })
      .andWhereBetween('day', [previous, day])
      .orderBy('day', 'desc')
      .first<{ day: string; twd: number } | undefined>(this.db.raw("to_char(day, 'YYYY-MM-DD') as day"), 'twd');
    return daily ? { at: Date.parse(`${daily.day}T00:00:00Z`), twd: Number(daily.twd) } : undefined;
  }

  /** The oldest hourly close kept for the coin (ms), to know whether its history was filled. */
  async oldestHour(symbol: string): Promise<number | undefined> {
    const row = await this.db('price_hourly').where({ symbol }).min<{ oldest: Date | null }>('hour as oldest').first();
    return row?.oldest ? new Date(row.oldest).getTime() : undefined;
  }

  /** Drops hourly closes older than the retention; the daily ones stay. */
  async pruneHourly(now = Date.now()): Promise<number> {
    return this.db('price_hourly').where('hour', '<', new Date(now - HOURLY_RETENTION_DAYS * 86_400_000)).delete();
  }
}
