import type { Knex } from 'knex';
import type { OutgoingMail } from './templates.js';

/** Records a delivery's answer; called inside the transaction that marks it sent. */
export type RecordSent = (trx: Knex.Transaction, response: string) => Promise<void>;

/** A refusal the address itself earned (5xx to RCPT TO or DATA): never retried, the address suppressed. */
export class PermanentFailure extends Error {}
/** Anything else (4xx, a timeout, a dropped connection, the relay refusing our login): retried with backoff for a day. */
export class TemporaryFailure extends Error {}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /**
   * Sends one email and records it sent. Throws PermanentFailure or TemporaryFailure; either
   * way nothing is recorded. Between an SMTP relay's "250 accepted" and the record's commit
   * lies the one window in which a crash makes the email go out again (docs/adr/0020).
   */
  deliver(mail: OutgoingMail, context: { subscriberId: number | null; deliveryId: number }, record: RecordSent): Promise<void>;
  close(): Promise<void>;
}
