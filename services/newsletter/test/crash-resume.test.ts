import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView } from '@coinmag/contracts';
import { createTestSigningKeys } from '@coinmag/service-kit/testing';
import { LINK_SECRET, SITE, startNewsletterTest, type NewsletterTest } from './support/newsletter-harness.js';
import { startSenderProcess, type SenderProcess } from './support/sender-process.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { addConfirmed } from './support/subscribers-fixture.js';

const N = 100;
const KILL_AT = 40;

let t: NewsletterTest;
let sink: SmtpSink;
let first: SenderProcess | undefined;
beforeAll(async () => {
  t = await startNewsletterTest({ smtp: false });
  sink = await startSmtpSink({
    countOnly: true,
    // The sending process dies while the 40th email's data is arriving: the relay never accepts it.
    onDataStart: (_recipient, count) => {
      if (count === KILL_AT) first?.child.kill('SIGKILL');
    },
  });
});
afterAll(async () => {
  first?.child.kill('SIGKILL');
  await sink?.close();
  await t?.close();
});

describe('a sending process killed mid-campaign', () => {
  it('resumes after a restart: every subscriber gets the email exactly once', { timeout: 120_000 }, async () => {
    await addConfirmed(t.db, N);
    const digest = (await (await t.api.fetch('/api/admin/newsletter/campaigns/digest', t.admin({ method: 'POST' }))).json()) as CampaignView;
    await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }));
    const env = {
      DATABASE_URL: t.dbUrl,
      DB_SCHEMA: 'newsletter',
      NEWSLETTER_SMTP_URL: sink.url,
      // One connection: every email before the one in flight was accepted and recorded (the window of docs/adr/0020 stays shut).
      NEWSLETTER_SMTP_CONNECTIONS: '1',
      NEWSLETTER_LEASE_MS: '1000',
      NEWSLETTER_POLL_MS: '50',
      NEWSLETTER_BATCH: '20',
      NEWSLETTER_RATE_PER_MINUTE: '600000',
      NEWSLETTER_LINK_SECRET: LINK_SECRET,
      SITE_ORIGIN: SITE,
      CONTENT_URL: t.content.url,
      JWT_PUBLIC_KEY: createTestSigningKeys().publicKey,
    };
    first = await startSenderProcess(env);
    expect(await first.exited).toBeNull();
    const delivered = sink.acceptedCount;
    expect(delivered).toBe(KILL_AT - 1);
    const [{ sent } = { sent: '0' }] = await t.db('deliveries').where({ campaign_id: digest.id, status: 'sent' }).count<Array<{ sent: string }>>('* as sent');
    expect(Number(sent)).toBe(KILL_AT - 1);

    const second = await startSenderProcess(env);
    try {
      await sink.waitFor(N, 90_000);
      const until = Date.now() + 20_000;
      let state = '';
      while (Date.now() < until && state !== 'sent') {
        state = (await t.db('campaigns').where({ id: digest.id }).first()).state;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(state).toBe('sent');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    expect(sink.acceptedCount).toBe(N);
    expect(sink.accepted.size).toBe(N);
    expect([...sink.accepted.values()].every((times) => times === 1)).toBe(true);
    const rows = await t.db('deliveries').where({ campaign_id: digest.id }).select('status');
    expect(rows.filter((row: { status: string }) => row.status === 'sent')).toHaveLength(N);
  });
});
