import type { Knex } from 'knex';
import type { WebhookEvent } from '@coinmag/contracts';
import type { AuditEntry, AuditRepository } from '@coinmag/audit';

export interface EndpointRow {
  id: number;
  url: string;
  secret: string;
  events: WebhookEvent[];
  enabled: boolean;
  created_at: Date;
}

export interface DeliveryRow {
  id: number;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  created_at: Date;
  next_attempt_at: Date;
  attempts: Array<{ at: string; status_code: number | null; error: string; duration_ms: number }>;
}

export type EndpointWrite = Pick<EndpointRow, 'url' | 'secret' | 'events' | 'enabled'>;

const COLUMNS = ['id', 'url', 'secret', 'events', 'enabled', 'created_at'];

/** The admin's webhook endpoints and the log of what was sent to each. */
export class WebhooksRepository {
  constructor(
    /** Also where a test delivery is written (outside any change's transaction). */
    readonly db: Knex,
    private readonly audit: AuditRepository,
  ) {}

  list(): Promise<EndpointRow[]> {
    return this.db('webhook_endpoints').select(COLUMNS).orderBy('id');
  }

  count(): Promise<number> {
    return this.db('webhook_endpoints').count<{ n: string }[]>('* as n').then((rows) => Number(rows[0]?.n ?? 0));
  }

  find(id: number): Promise<EndpointRow | undefined> {
    return this.db('webhook_endpoints').where({ id }).first(COLUMNS);
  }

  findMany(ids: number[]): Promise<EndpointRow[]> {
    return this.db('webhook_endpoints').whereIn('id', ids).select(COLUMNS);
  }

  create(write: EndpointWrite, audit: (id: number) => AuditEntry): Promise<EndpointRow> {
    return this.db.transaction(async (trx) => {
      const [row] = await trx('webhook_endpoints').insert(write).returning(COLUMNS);
      await this.audit.record(audit(row.id), trx);
      return row as EndpointRow;
    });
  }

  update(id: number, write: EndpointWrite, audit: AuditEntry): Promise<EndpointRow | undefined> {
    return this.db.transaction(async (trx) => {
      const [row] = await trx('webhook_endpoints').where({ id }).update({ ...write, updated_at: trx.fn.now() }).returning(COLUMNS);
      if (row) await this.audit.record(audit, trx);
      return row as EndpointRow | undefined;
    });
  }

  /** Its pending deliveries go with it. */
  delete(id: number, audit: (row: EndpointRow) => AuditEntry): Promise<EndpointRow | undefined> {
    return this.db.transaction(async (trx) => {
      const [row] = await trx('webhook_endpoints').where({ id }).delete().returning(COLUMNS);
      if (row) await this.audit.record(audit(row as EndpointRow), trx);
      return row as EndpointRow | undefined;
    });
  }

  /** The newest `limit` deliveries to the endpoint, each with its attempts in order. */
  deliveries(endpointId: number, limit: number): Promise<DeliveryRow[]> {
    const attempts = this.db.raw(
      `coalesce((select json_agg(json_build_object('at', a.at, 'status_code', a.status_code, 'error', a.error, 'duration_ms', a.duration_ms) order by a.id) from outbox_attempts a where a.message_id = m.id), '[]'::json) as attempts`,
    );
    return this.db('outbox_messages as m')
      .where('m.endpoint_id', endpointId)
      .select('m.id', 'm.event', 'm.status', 'm.created_at', 'm.next_attempt_at', attempts)
      .orderBy('m.id', 'desc')
      .limit(limit)
      .then((rows: DeliveryRow[]) => rows.map((row) => ({ ...row, id: Number(row.id) })));
  }
}
