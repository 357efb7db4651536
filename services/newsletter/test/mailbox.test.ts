import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxItem, MailboxMessage } from '@coinmag/contracts';
import { json, startNewsletterTest, tokenIn, type NewsletterTest } from './support/newsletter-harness.js';

let t: NewsletterTest;
beforeAll(async () => {
  t = await startNewsletterTest({ smtp: false });
});
afterAll(async () => t?.close());

describe('without SMTP: the local mailbox (寄件匣)', () => {
  it('writes the confirmation there, the back office shows it, and its link confirms', async () => {
    expect((await t.api.fetch('/api/newsletter/subscribe', json({ email: 'laptop@example.com', digest: true }))).status).toBe(202);
    await t.sendAll();
    const list = (await (await t.api.fetch('/api/admin/newsletter/mailbox', t.admin())).json()) as { items: MailboxItem[]; total: number };
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ recipient: 'laptop@example.com', subject: '請確認訂閱幣圈新手誌電子報' });
    const message = (await (await t.api.fetch(`/api/admin/newsletter/mailbox/${list.items[0]!.id}`, t.admin())).json()) as MailboxMessage;
    expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(message.html).toContain('確認訂閱');
    const token = tokenIn(message.text, 'confirm');
    const confirmed = await t.api.fetch('/api/newsletter/confirm', json({ token }));
    expect(confirmed.status).toBe(200);
    const [delivery] = await t.db('deliveries').where({ kind: 'confirm' });
    expect(delivery.status).toBe('sent');
    expect(delivery.smtp_response).toBe('mailbox');
  });
});
