import { hostname } from 'node:os';
import type { ConnectionOptions } from 'node:tls';
import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { lostBeforeEndOfData, SmtpAddressError, SmtpConnection, SmtpReplyError } from './smtp/smtp-connection.js';
import { smtpData } from './smtp/smtp-data.js';
import { parseSmtpUrl, type SmtpEndpoint } from './smtp/smtp-endpoint.js';
import { PermanentFailure, TemporaryFailure, type Delivered, type DeliveryContext, type EndOfDataLedger, type MailTransport, type PreparedMail } from './transport.js';
import type { OutgoingMail } from './templates.js';

/**
 * 5xx to the recipient or to the message is the address's; to our login or sender it is the
 * operator's (retried). An enhanced status code (RFC 3463), when the relay gives one, says more:
 * only X.1.x (the address; but X.1.7 and X.1.8 are our sender's) and X.2.x (the mailbox) are the
 * address's — X.7.x (relaying denied, DMARC, a blocklist) and the rest are the operator's.
 */
export function classifySmtpError(err: unknown): PermanentFailure | TemporaryFailure {
  // Our own sender's address (NEWSLETTER_FROM) is the operator's to fix, not the subscriber's fault.
  if (err instanceof SmtpAddressError) return err.whose === 'recipient' ? new PermanentFailure(err.message) : new TemporaryFailure(err.message);
  if (err instanceof SmtpReplyError) {
    const addressed = err.command === 'RCPT TO' || err.command === 'DATA' || err.command === 'end of data';
    if (err.reply.code >= 500 && addressed && addressOwnsIt(err.reply.text)) return new PermanentFailure(err.message);
    return new TemporaryFailure(err.message);
  }
  return new TemporaryFailure(err instanceof Error ? err.message : String(err));
}

function addressOwnsIt(text: string): boolean {
  const enhanced = /^5\.(\d{1,3})\.(\d{1,3})(?!\S)/.exec(text);
  if (!enhanced) return true;
  const [, subject, detail] = enhanced;
  return (subject === '1' && detail !== '7' && detail !== '8') || subject === '2';
}

export interface SmtpTransportOptions {
  /** NEWSLETTER_SMTP_URL. */
  url: string;
  /** The sender every email names (NEWSLETTER_FROM). */
  from: string;
  timeoutMs: number;
  /** Connections kept open to the relay, each carrying one email at a time. */
  connections: number;
  /** Each connection's ledger (a Postgres connection of its own): where an email's end of data is recorded. */
  openLedger: () => EndOfDataLedger;
  /** The name EHLO gives: the site's host name. */
  heloName?: string;
  /** More TLS settings for the relay (a private relay's CA). */
  tls?: ConnectionOptions;
}

/** An SMTP connection and its ledger: the pair that carries one email at a time. */
interface Lane {
  smtp: SmtpConnection | undefined;
  ledger: EndOfDataLedger;
}

/**
 * Any SMTP relay, TLS and login from one URL (NEWSLETTER_SMTP_URL), through connections kept
 * open and reused. Each message is built whole before its batch goes (base64 parts, dot-stuffed,
 * the end-of-data line included) and written in one write; the moment its last byte has left,
 * the lane's ledger marks the delivery sent — before the relay can have answered — so a process
 * killed at any moment after the relay has the email has recorded it (docs/adr/0020). The relay's
 * answer then settles it: a 250 is kept beside the row, a refusal undoes the record.
 */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly endpoint: SmtpEndpoint;
  private readonly fromAddress: string;
  private readonly idle: Lane[] = [];
  private readonly lanes = new Set<Lane>();
  private readonly waiting: Array<{ resolve: (lane: Lane) => void; reject: (err: Error) => void }> = [];
  /** Lanes carrying an email now. */
  private busy = 0;
  private drained: (() => void) | undefined;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: SmtpTransportOptions) {
    this.endpoint = parseSmtpUrl(options.url);
    this.fromAddress = addressparser(options.from, { flatten: true })[0]?.address ?? options.from;
  }

  async prepare(mail: OutgoingMail): Promise<PreparedMail> {
    const message = await new MailComposer({
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
      messageId: `<${mail.messageId}>`,
      textEncoding: 'base64',
    })
      .compile()
      .build();
    return { mail, data: smtpData(message) };
  }

  async deliver(prepared: PreparedMail, context: DeliveryContext): Promise<Delivered> {
    const data = prepared.data ?? (await this.prepare(prepared.mail)).data!;
    const lane = await this.acquire();
    try {
      const reused = lane.smtp?.usable === true;
      try {
        return await this.attempt(lane, prepared.mail.to, data, context);
      } catch (err) {
        // A connection kept open is found closed only when used (a relay that drops idle ones, or
        // carries so many emails a connection): the email never reached its end, so it goes at once
        // on a new connection rather than after a retry's delay. A new connection failing is the relay's.
        if (!reused || !lostBeforeEndOfData(err)) throw err;
        return await this.attempt(lane, prepared.mail.to, data, context);
      }
    } catch (err) {
      throw classifySmtpError(err);
    } finally {
      this.release(lane);
    }
  }

  /** One try on the lane's connection (opened when it has none usable). */
  private async attempt(lane: Lane, to: string, data: Buffer, context: DeliveryContext): Promise<Delivered> {
    await lane.ledger.ready();
    const smtp = lane.smtp?.usable ? lane.smtp : await this.reopen(lane);
    let recorded: Promise<boolean> | undefined;
    let answer: string;
    try {
      answer = await smtp.send(this.fromAddress, to, data, () => {
        recorded = lane.ledger.handedOver(context.deliveryId, context.owner);
        recorded.catch(() => undefined);
      });
    } catch (err) {
      // A refusal after the end of data undoes a record: let that record commit first.
      await recorded?.catch(() => undefined);
      throw err;
    }
    const record: Delivered['record'] = await recorded!.then(
      (ours): Delivered['record'] => (ours ? 'recorded' : 'lease lost'),
      (): Delivered['record'] => 'unrecorded',
    );
    return { answer, record };
  }

  /**
   * Emails on the wire finish (their answers and records are what the outbox waits for); emails
   * waiting for a connection are turned away (retried later), and none is taken after. Then every
   * connection, SMTP and ledger, is closed.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const waiter of this.waiting.splice(0)) waiter.reject(new TemporaryFailure('the SMTP transport is closing'));
      if (this.busy > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      for (const lane of this.lanes) {
        lane.smtp?.quit();
        await lane.ledger.close();
      }
      this.lanes.clear();
      this.idle.length = 0;
    })();
    return this.closing;
  }

  private async acquire(): Promise<Lane> {
    if (this.closing) throw new TemporaryFailure('the SMTP transport is closing');
    const lane = this.idle.pop() ?? (this.lanes.size < this.options.connections ? this.createLane() : undefined);
    if (lane) {
      this.busy += 1;
      return lane;
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private createLane(): Lane {
    const created: Lane = { smtp: undefined, ledger: this.options.openLedger() };
    this.lanes.add(created);
    return created;
  }

  /** The lane goes to the next email waiting (it stays busy), or back to the idle ones. */
  private release(lane: Lane): void {
    const next = this.waiting.shift();
    if (next) return next.resolve(lane);
    this.busy -= 1;
    this.idle.push(lane);
    if (this.busy === 0) this.drained?.();
  }

  private async reopen(lane: Lane): Promise<SmtpConnection> {
    lane.smtp?.destroy();
    lane.smtp = undefined;
    lane.smtp = await SmtpConnection.open(this.endpoint, { timeoutMs: this.options.timeoutMs, name: this.options.heloName ?? hostname(), ...(this.options.tls ? { tls: this.options.tls } : {}) });
    return lane.smtp;
  }
}

