import pg from 'pg';
import type { EndOfDataLedger } from '../mail/transport.js';

/** How the ledger's connections show in pg_stat_activity. */
export const LEDGER_APPLICATION_NAME = 'newsletter end-of-data ledger';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A Postgres connection beside each SMTP connection, writing the outbox's record of an email's
 * end of data. Its statement is a simple query (one message, one write) sent while the client is
 * idle, so node-postgres writes it to the socket before `handedOver` returns: nothing else runs
 * between the data's last byte and the record leaving (docs/adr/0020). Postgres commits a
 * statement it has received even when the process that sent it has died since.
 */
export class PostgresEndOfDataLedger implements EndOfDataLedger {
  private client: pg.Client | undefined;
  private broken = false;
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly database: { url: string; schema: string }) {}

  async ready(): Promise<void> {
    await this.last.catch(() => undefined);
    if (this.client && !this.broken) return;
    const old = this.client;
    this.client = undefined;
    await old?.end().catch(() => undefined);
    const client = new pg.Client({ connectionString: this.database.url, application_name: LEDGER_APPLICATION_NAME });
    client.on('error', () => {
      this.broken = true;
    });
    await client.connect();
    await client.query(`set search_path to ${pg.escapeIdentifier(this.database.schema)}, public`);
    this.client = client;
    this.broken = false;
  }

  handedOver(deliveryId: number, owner: string): Promise<boolean> {
    if (!this.client || this.broken) return Promise.reject(new Error('the ledger is not connected'));
    if (!Number.isSafeInteger(deliveryId) || !UUID.test(owner)) return Promise.reject(new Error('not a delivery of ours'));
    const done = this.client
      .query(`update deliveries set status = 'sent', sent_at = now() where id = ${deliveryId} and lease_owner = '${owner}' and status = 'pending'`)
      .then((result) => result.rowCount === 1);
    this.last = done;
    return done;
  }

  async close(): Promise<void> {
    await this.last.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }
}
