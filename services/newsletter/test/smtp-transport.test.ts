import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignView } from '@coinmag/contracts';
import { startNewsletterTest, type NewsletterTest, type NewsletterTestOptions } from './support/newsletter-harness.js';
import { addConfirmed } from './support/subscribers-fixture.js';

let t: NewsletterTest | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A digest to `count` confirmed subscribers, queued: its id. */
async function queueDigest(test: NewsletterTest, count: number): Promise<number> {
  await addConfirmed(test.db, count);
  const digest = (await (await test.api.fetch('/api/admin/newsletter/campaigns/digest', test.admin({ method: 'POST' }))).json()) as CampaignView;
  expect((await test.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, test.admin({ method: 'POST', body: '{}' }))).status).toBe(200);
  return digest.id;
}

async function start(options: NewsletterTestOptions): Promise<NewsletterTest> {
  t = await startNewsletterTest({ smtp: true, ...options });
  return t;
}

describe('the SMTP transport with a relay that closes connections', () => {
  it('sends again at once, on a new connection, an email whose connection was found closed before its data began (a relay that carries 3 emails a connection)', async () => {
    const test = await start({ sink: { messagesPerConnection: 3 } });
    const campaign = await queueDigest(test, 20);
    await test.sendAll();
    const rows = await test.db('deliveries').where({ campaign_id: campaign }).select('status', 'attempts', 'last_error');
    expect(rows.filter((row: { status: string }) => row.status !== 'sent')).toEqual([]);
    expect(new Set(test.sink!.received.map((mail) => mail.to)).size).toBe(20);
    expect(test.sink!.received).toHaveLength(20);
    expect(rows.every((row: { attempts: number; last_error: string | null }) => row.attempts === 1 && row.last_error === null)).toBe(true);
  });
});
