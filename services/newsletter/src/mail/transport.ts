import type { Knex } from 'knex';
import type { OutgoingMail } from './templates.js';

/**
 * Records a delivery sent with one statement on `db`: the mailbox passes the transaction that
 * wrote the email; the outbox's fallback passes the pool.
 */
export type RecordSent = (db: Knex | Knex.Transaction, response: string) => Promise<void>;

/** A refusal the address itself earned (5xx to RCPT TO or to the data): never retried, the address suppressed. */
export class PermanentFailure extends Error {}
/** Anything else (4xx, a timeout, a dropped connection, the relay refusing our login): retried with backoff for a day. */
export class TemporaryFailure extends Error {}

/** An email made ready to go (for SMTP: the whole message as the DATA phase carries it), before any is sent. */
export interface PreparedMail {
  mail: OutgoingMail;
  data?: Buffer;
}

export interface DeliveryContext {
  deliveryId: number;
  subscriberId: number | null;
  /** The sender holding the delivery's lease: only its records count. */
  owner: string;
}

/**
 * The outbox's record of the moment an email's data ended (docs/adr/0020), on a connection of
 * its own that is idle whenever an email is on the wire: `handedOver` writes its statement
 * before it returns, so the record leaves in the same turn as the data's last byte.
 */
export interface EndOfDataLedger {
  /** Connected and idle (the previous record answered). */
  ready(): Promise<void>;
  /** Marks the delivery sent, written before this returns; resolves whether the row was still ours. */
  handedOver(deliveryId: number, owner: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How a delivery was recorded: `recorded` (the transport marked it sent itself; for SMTP at the
 * end of its data, with `answer` the relay's 250 to add to the row), `lease lost` (another sender
 * holds it now), or `unrecorded` (the relay has it, the record failed: the caller records it).
 */
export interface Delivered {
  answer: string;
  record: 'recorded' | 'lease lost' | 'unrecorded';
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** All the work an email costs before it goes: done for a whole batch before the first is sent. */
  prepare(mail: OutgoingMail): Promise<PreparedMail>;
  /**
   * Sends one email and records it sent: the mailbox with `record` in the transaction that writes
   * the email; SMTP on its ledger the moment the email's data has ended. Throws PermanentFailure or
   * TemporaryFailure when the email did not go (a refusal after its data ended is thrown once the
   * record has committed, so the caller's correction comes after it).
   */
  deliver(prepared: PreparedMail, context: DeliveryContext, record: RecordSent): Promise<Delivered>;
  close(): Promise<void>;
}
