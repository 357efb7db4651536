import type { Knex } from 'knex';
import { type AuditAction, type AuditEvent, type AuditSlice, type AuditSliceQuery } from '@coinmag/contracts';

export interface AuditEntry {
  action: AuditAction;
  actor: string;
  ip?: string | null;
  subjectId?: number | null;
  summary?: string;
  /**
   * The request that caused it, for entries that arrive over the network (uploads, from the
   * media service): a second record with the same id is ignored, so retries never duplicate.
   * Only tables with a `request_id` column (the content service's) take it.
   */
  requestId?: string;
}

interface AuditRow {
  id: string | number;
  at: Date;
  action: AuditAction;
  actor: string;
  ip: string | null;
  subject_id: number | null;
  summary: string;
}

/** Taipei midnight of a YYYY-MM-DD day, plus `days`. */
function taipeiMidnight(day: string, days = 0): Date {
  const date = new Date(`${day}T00:00:00+08:00`);
  return new Date(date.getTime() + days * 86_400_000);
}

/** A service's own audit log: add, read a filtered slice, drop what is past retention. */
export class AuditRepository {
  /** `source` prefixes ids so the merged list has unique ones (c12 from content, a7 from auth). */
  constructor(
    private readonly db: Knex,
    private readonly source: string,
  ) {}

  /** Adds the entry; false when one with the same request id was already there. */
  async record(entry: AuditEntry, trx: Knex | Knex.Transaction = this.db): Promise<boolean> {
    const row = {
      action: entry.action,
      actor: entry.actor.slice(0, 100),
      ip: entry.ip ? entry.ip.slice(0, 64) : null,
      subject_id: entry.subjectId ?? null,
      summary: Array.from(entry.summary ?? '').slice(0, 300).join(''),
    };
    if (!entry.requestId) {
      await trx('audit_events').insert(row);
      return true;
    }
    const inserted = await trx('audit_events').insert({ ...row, request_id: entry.requestId.slice(0, 100) }).onConflict('request_id').ignore().returning('id');
    return inserted.length > 0;
  }

  private filtered(query: Omit<AuditSliceQuery, 'limit'>) {
    const builder = this.db('audit_events');
    if (query.kind) builder.where('action', 'like', `${query.kind}.%`);
    if (query.from) builder.where('at', '>=', taipeiMidnight(query.from));
    if (query.to) builder.where('at', '<', taipeiMidnight(query.to, 1));
    return builder;
  }

  /** The newest `limit` matching rows and how many match in all. */
  async slice(query: AuditSliceQuery, offset = 0): Promise<AuditSlice> {
    const [rows, counted] = await Promise.all([
      this.filtered(query).orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(query.limit).offset(offset).select<AuditRow[]>('*'),
      this.filtered(query).count<{ count: string }[]>({ count: '*' }).first(),
    ]);
    return { events: rows.map((row) => this.toEvent(row)), total: Number(counted?.count ?? 0) };
  }

  /** Deletes rows older than `before`; returns how many. */
  async prune(before: Date): Promise<number> {
    return this.db('audit_events').where('at', '<', before).delete();
  }

  private toEvent(row: AuditRow): AuditEvent {
    return {
      id: `${this.source}${row.id}`,
      at: row.at.toISOString(),
      action: row.action,
      actor: row.actor,
      ip: row.ip,
      subject_id: row.subject_id,
      summary: row.summary,
    };
  }
}

