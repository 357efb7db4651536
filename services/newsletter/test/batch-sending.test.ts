import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView } from '@coinmag/contracts';
import { pino } from 'pino';
import type { MailTransport } from '../src/mail/transport.js';
import { SendBudget } from '../src/sending/send-budget.js';
import { Sender } from '../src/sending/sender.js';
import { SITE, smtpTransport, startNewsletterTest, tokenIn, type NewsletterTest } from './support/newsletter-harness.js';
import { addConfirmed } from './support/subscribers-fixture.js';

let t: NewsletterTest;
beforeAll(async () => {
  t = await startNewsletterTest({ smtp: true });
});
afterAll(async () => t?.close());

/** The SMTP transport, with what the sender asked of it in order. */
function recording(inner: MailTransport, steps: string[]): MailTransport {
  return {
    kind: inner.kind,
    prepare: async (mail) => {
      steps.push(`prepare ${mail.to}`);
      return inner.prepare(mail);
    },
    deliver: async (prepared, context, record) => {
      steps.push(`deliver ${prepared.mail.to}`);
      const delivered = await inner.deliver(prepared, context, record);
      steps.push(`${delivered.record} ${prepared.mail.to}`);
      return delivered;
    },
    close: () => inner.close(),
  };
}

describe('a batch of a campaign', () => {
  it('is built whole before its first email goes; each email carries its own signed links though the campaign is rendered once', async () => {
    await addConfirmed(t.db, 12);
    const digest = (await (await t.api.fetch('/api/admin/newsletter/campaigns/digest', t.admin({ method: 'POST' }))).json()) as CampaignView;
    await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }));
    const steps: string[] = [];
    const transport = smtpTransport(t.dbUrl, t.sink!.url, 3);
    const sender = new Sender({
      db: t.db,
      transport: recording(transport, steps),
      budget: new SendBudget(t.db, 600_000, 12),
      signer: t.signer,
      siteOrigin: SITE,
      batch: 12,
      leaseMs: 60_000,
      pollMs: 20,
      concurrency: 3,
      log: pino({ level: 'silent' }),
    });
    try {
      expect((await sender.pass()).claimed).toBe(12);
    } finally {
      await sender.stop();
      await transport.close();
    }
    // Twelve builds, then the sends: no rendering between a relay's 250 and its record.
    expect(steps.slice(0, 12).every((step) => step.startsWith('prepare '))).toBe(true);
    expect(steps.filter((step) => step.startsWith('recorded '))).toHaveLength(12);

    const rows = await t.db('deliveries').where({ campaign_id: digest.id }).select('status', 'smtp_response');
    expect(rows.every((row: { status: string; smtp_response: string }) => row.status === 'sent' && row.smtp_response.startsWith('250'))).toBe(true);
    const ids = new Map((await t.db('subscribers').select('id', 'email')).map((row: { id: string; email: string }) => [row.email, Number(row.id)]));
    expect(t.sink!.received).toHaveLength(12);
    for (const mail of t.sink!.received) {
      const token = tokenIn(mail.parsed.text ?? '', 'manage');
      expect(t.signer.verify(token, 'manage')?.subscriberId).toBe(ids.get(mail.to));
      expect(tokenIn(mail.parsed.text ?? '', 'unsubscribe')).toBe(token);
      expect(mail.parsed.html).toContain(`${SITE}/newsletter/manage?t=${token}`);
      expect(mail.parsed.html).toContain(`${SITE}/newsletter/unsubscribe?t=${token}`);
      // Unfolded (a long header may go on a continuation line).
      expect(mail.raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ')).toContain(`List-Unsubscribe: <${SITE}/api/newsletter/unsubscribe?t=${token}>`);
      expect(mail.parsed.html).not.toContain('{{');
      expect(mail.parsed.text).toContain('第 1 篇：比特幣入門');
    }
  });
});
