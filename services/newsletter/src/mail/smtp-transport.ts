import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { PermanentFailure, TemporaryFailure, type MailTransport, type RecordSent } from './transport.js';
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

/** Any SMTP relay, TLS and login from one URL (NEWSLETTER_SMTP_URL); a pool of connections reused between emails. */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

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
  }

  async deliver(mail: OutgoingMail, _context: { subscriberId: number | null; deliveryId: number }, record: RecordSent): Promise<void> {
    let response: string;
    try {
      const info = await this.transporter.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        messageId: `<${mail.messageId}>`,
      });
      response = String(info.response ?? '250').slice(0, 280);
    } catch (err) {
      throw classifySmtpError(err);
    }
    await this.db.transaction((trx) => record(trx, response));
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
