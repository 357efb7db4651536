import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { PermanentFailure, TemporaryFailure, type MailTransport, type PreparedMail, type RecordSent } from './transport.js';
import type { OutgoingMail } from './templates.js';

interface SmtpError extends Error {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  rejectedErrors?: SmtpError[];
}

/** 5xx to the recipient or to the message is the address's; 5xx to our login or sender is the operator's (retried). */
export function classifySmtpError(err: unknown): PermanentFailure | TemporaryFailure {
  const error = err as SmtpError;
  const cause = error.rejectedErrors?.[0] ?? error;
  const code = cause.responseCode ?? error.responseCode;
  const command = (cause.command ?? error.command ?? '').toUpperCase();
  const summary = `${code ?? error.code ?? 'error'} ${(cause.response ?? cause.message ?? '').replace(/[\r\n]+/g, ' ')}`.slice(0, 280);
  const addressed = error.code === 'EENVELOPE' || command.startsWith('RCPT') || command === 'DATA';
  if (code !== undefined && code >= 500 && code < 600 && addressed) return new PermanentFailure(summary);
  return new TemporaryFailure(summary);
}

/**
 * Any SMTP relay, TLS and login from one URL (NEWSLETTER_SMTP_URL); a pool of connections reused
 * between emails. Each message is built whole before its batch starts going (base64 parts: the
 * encoding is native, where quoted-printable runs in JavaScript), handed to the pool as one buffer
 * (one write to the socket, not one per MIME piece), and recorded sent by a single-row update the
 * moment the relay's 250 arrives.
 */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;
  private readonly fromAddress: string;

  constructor(
    private readonly db: Knex,
    url: string,
    private readonly from: string,
    timeoutMs: number,
    connections = 4,
  ) {
    this.transporter = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: connections,
      maxMessages: Infinity,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    this.fromAddress = addressparser(from, { flatten: true })[0]?.address ?? from;
  }

  async prepare(mail: OutgoingMail): Promise<PreparedMail> {
    const raw = await new MailComposer({
      from: this.from,
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
    return { mail, raw };
  }

  async deliver(prepared: PreparedMail, _context: { subscriberId: number | null; deliveryId: number }, record: RecordSent): Promise<void> {
    const raw = prepared.raw ?? (await this.prepare(prepared.mail)).raw!;
    let response: string;
    try {
      const info = await this.transporter.sendMail({ envelope: { from: this.fromAddress, to: [prepared.mail.to] }, raw });
      response = String(info.response ?? '250');
    } catch (err) {
      throw classifySmtpError(err);
    }
    // The relay has the email: nothing else happens before the record (docs/adr/0020, the window).
    await record(this.db, response);
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
