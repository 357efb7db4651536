import type { Knex } from 'knex';
import type { OutgoingMail } from './templates.js';

/**
 * Records a delivery's answer with one statement on `db`: the mailbox passes the transaction that
 * wrote the email, the SMTP transport the pool (no transaction around one row's update).
 */
export type RecordSent = (db: Knex | Knex.Transaction, response: string) => Promise<void>;

/** A refusal the address itself earned (5xx to RCPT TO or DATA): never retried, the address suppressed. */
export class PermanentFailure extends Error {}
/** Anything else (4xx, a timeout, a dropped connection, the relay refusing our login): retried with backoff for a day. */
export class TemporaryFailure extends Error {}

/** An email made ready to go (for SMTP: the whole MIME message in one buffer), before any is sent. */
export interface PreparedMail {
  mail: OutgoingMail;
  raw?: Buffer;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** All the work an email costs before it goes: done for a whole batch before the first is sent. */
  prepare(mail: OutgoingMail): Promise<PreparedMail>;
  /**
   * Sends one email and records it sent. Throws PermanentFailure or TemporaryFailure; either
   * way nothing is recorded. Between an SMTP relay's "250 accepted" and the record's commit
   * lies the one window in which a crash makes the email go out again (docs/adr/0020).
   */
  deliver(prepared: PreparedMail, context: { subscriberId: number | null; deliveryId: number }, record: RecordSent): Promise<void>;
  close(): Promise<void>;
}
