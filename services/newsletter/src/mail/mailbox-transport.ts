import type { Knex } from 'knex';
import type { Delivered, DeliveryContext, MailTransport, PreparedMail, RecordSent } from './transport.js';
import type { OutgoingMail } from './templates.js';

/**
 * Without an SMTP relay (`npm start` on a laptop): each email is written to the local mailbox the
 * back office shows (寄件匣), in the same transaction that marks it sent — exactly once.
 */
export class MailboxTransport implements MailTransport {
  readonly kind = 'mailbox' as const;

  constructor(
    private readonly db: Knex,
    private readonly from: string,
  ) {}

  async prepare(mail: OutgoingMail): Promise<PreparedMail> {
    return { mail };
  }

  async deliver({ mail }: PreparedMail, context: DeliveryContext, record: RecordSent): Promise<Delivered> {
    await this.db.transaction(async (trx) => {
      await trx('mailbox_messages').insert({
        delivery_id: context.deliveryId,
        subscriber_id: context.subscriberId,
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: JSON.stringify({ From: this.from, To: mail.to, Subject: mail.subject, 'Message-ID': `<${mail.messageId}>`, ...mail.headers }),
      });
      await record(trx, 'mailbox');
    });
    return { answer: 'mailbox', record: 'recorded' };
  }

  async close(): Promise<void> {}
}
