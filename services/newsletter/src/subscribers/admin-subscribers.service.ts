import type { Knex } from 'knex';
import type { MailboxItem, MailboxMessage, SubscriberCounts, SubscriberRow, SubscriberStatus } from '@coinmag/contracts';
import { NotFoundError } from '@coinmag/service-kit';

interface Row {
  id: string;
  email: string;
  status: SubscriberStatus;
  digest: boolean;
  category_ids: number[];
  created_at: Date;
  confirmed_at: Date | null;
  suppressed_reason: string | null;
}

const toView = (row: Row): SubscriberRow => ({
  id: Number(row.id),
  email: row.email,
  status: row.status,
  digest: row.digest,
  categoryIds: row.category_ids,
  createdAt: row.created_at.toISOString(),
  confirmedAt: row.confirmed_at ? row.confirmed_at.toISOString() : null,
  suppressedReason: row.suppressed_reason,
});

/** A CSV field: quoted, and a leading = + - @ defused (a spreadsheet would run it as a formula). */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** 訂閱者 and 寄件匣 in the back office. */
export class AdminSubscribersService {
  constructor(private readonly db: Knex) {}

  async counts(): Promise<SubscriberCounts> {
    const rows = await this.db('subscribers').groupBy('status').select('status').count<Array<{ status: SubscriberStatus; count: string }>>('* as count');
    const counts: SubscriberCounts = { confirmed: 0, pending: 0, unsubscribed: 0, suppressed: 0 };
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  async search(query: { q?: string; status?: SubscriberStatus; page: number }): Promise<{ items: SubscriberRow[]; total: number; counts: SubscriberCounts }> {
    const limit = 50;
    const base = this.db<Row>('subscribers').modify((builder) => {
      if (query.q) builder.where('email', 'like', `%${query.q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
      if (query.status) builder.where({ status: query.status });
    });
    const [{ count } = { count: '0' }] = await base.clone().count<Array<{ count: string }>>('* as count');
    const rows = await base.clone().orderBy('id', 'desc').limit(limit).offset((query.page - 1) * limit);
    return { items: rows.map(toView), total: Number(count), counts: await this.counts() };
  }

  /** Every subscriber, streamed a page at a time (the list may be long). */
  async *csv(): AsyncGenerator<string> {
    yield '\uFEFFemail,status,digest,category_ids,created_at,confirmed_at\r\n';
    let after = 0;
    for (;;) {
      const rows = await this.db<Row>('subscribers').where('id', '>', after).orderBy('id').limit(1000);
      if (rows.length === 0) return;
      yield rows
        .map((row) => [row.email, row.status, row.digest ? 'yes' : 'no', row.category_ids.join(' '), row.created_at.toISOString(), row.confirmed_at?.toISOString() ?? ''].map(csvField).join(',') + '\r\n')
        .join('');
      after = Number(rows[rows.length - 1]!.id);
    }
  }

  /** For good: the row, its deliveries and its mailbox copies (cascade), and test copies sent to the address. */
  async remove(id: number): Promise<void> {
    await this.db.transaction(async (trx) => {
      const row = await trx<Row>('subscribers').where('id', id).forUpdate().first();
      if (!row) throw new NotFoundError('找不到這位訂閱者');
      await trx('mailbox_messages').where({ recipient: row.email }).delete();
      await trx('deliveries').where({ test_address: row.email }).delete();
      await trx('subscribers').where({ id }).delete();
    });
  }

  async mailbox(page: number): Promise<{ items: MailboxItem[]; total: number }> {
    const limit = 50;
    const [{ count } = { count: '0' }] = await this.db('mailbox_messages').count<Array<{ count: string }>>('* as count');
    const rows = await this.db('mailbox_messages').orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).select('id', 'recipient', 'subject', 'created_at');
    return { items: rows.map((row: { id: string; recipient: string; subject: string; created_at: Date }) => ({ id: Number(row.id), recipient: row.recipient, subject: row.subject, createdAt: row.created_at.toISOString() })), total: Number(count) };
  }

  async mailboxMessage(id: number): Promise<MailboxMessage> {
    const row = await this.db('mailbox_messages').where('id', id).first();
    if (!row) throw new NotFoundError('找不到這封信');
    return { id: Number(row.id), recipient: row.recipient, subject: row.subject, createdAt: row.created_at.toISOString(), text: row.text, html: row.html, headers: row.headers };
  }
}
