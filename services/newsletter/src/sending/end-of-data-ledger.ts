import pg from 'pg';
import type { EndOfDataLedger } from '../mail/transport.js';

/** How the ledger's connections show in pg_stat_activity. */
export const LEDGER_APPLICATION_NAME = 'newsletter end-of-data ledger';

const DEFAULT_TIMEOUT_MS = 10_000;

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

  /**
   * `timeoutMs`: how long connecting, or a record, may go unanswered (a silent route to Postgres);
   * past it the record is given up (the outbox then records the email through its pool) and the
   * connection is replaced, rather than holding its email — and the batch — until TCP gives up.
   */
  constructor(private readonly database: { url: string; schema: string; timeoutMs?: number }) {}

  async ready(): Promise<void> {
    await this.last.catch(() => undefined);
    if (this.client && !this.broken) return;
    const old = this.client;
    this.client = undefined;
    // Not awaited: a connection that went silent would never say it has ended.
    void old?.end().catch(() => undefined);
    const timeoutMs = this.database.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const client = new pg.Client({ connectionString: this.database.url, application_name: LEDGER_APPLICATION_NAME, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, keepAlive: true });
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
      .then(
        (result) => result.rowCount === 1,
        (err: unknown) => {
          // Unanswered or failed: whatever this connection is in now, the next email gets another.
          this.broken = true;
          throw err;
        },
      );
    this.last = done;
    return done;
  }

  async close(): Promise<void> {
    await this.last.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    const timeoutMs = this.database.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    await Promise.race([client?.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }
}
