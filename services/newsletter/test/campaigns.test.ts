import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView, SubscriberRow } from '@coinmag/contracts';
import { pino } from 'pino';
import { SendBudget } from '../src/sending/send-budget.js';
import { Sender } from '../src/sending/sender.js';
import { json, SITE, smtpTransport, startNewsletterTest, type NewsletterTest } from './support/newsletter-harness.js';
import { addConfirmed } from './support/subscribers-fixture.js';

let t: NewsletterTest;
const refused = new Map<string, string>();
const refusedAtEnd = new Map<string, string>();
beforeAll(async () => {
  t = await startNewsletterTest({ smtp: true, sink: { answerFor: (recipient) => refused.get(recipient), dataAnswer: (recipient) => refusedAtEnd.get(recipient) } });
});
afterAll(async () => t?.close());

async function draftDigest(): Promise<CampaignView> {
  const answer = await t.api.fetch('/api/admin/newsletter/campaigns/digest', t.admin({ method: 'POST' }));
  expect(answer.status).toBe(201);
  return (await answer.json()) as CampaignView;
}

describe('the weekly digest: draft, edit, test, send', () => {
  let digest: CampaignView;

  it('is drafted from the week’s most-read articles, with absolute links and images', async () => {
    digest = await draftDigest();
    expect(digest).toMatchObject({ kind: 'digest', state: 'draft' });
    expect(digest.subject).toMatch(/^每週精選｜/);
    expect(digest.articles).toHaveLength(6);
    expect(digest.articles[0]).toMatchObject({ title: '第 1 篇：比特幣入門', url: `${SITE}/article/article-1`, image: `${SITE}/uploads/cover-1.webp` });
  });

  it('is edited by the admin; a subject cannot carry a header', async () => {
    const edited = await t.api.fetch(
      `/api/admin/newsletter/campaigns/${digest.id}`,
      t.admin({ method: 'PUT', body: JSON.stringify({ subject: '本週精選\r\nBcc: victim@example.com', intro: '大家好，\n\n這週的重點：', articles: digest.articles.slice(0, 3) }) }),
    );
    expect(edited.status).toBe(200);
    const view = (await edited.json()) as CampaignView;
    expect(view.subject).toBe('本週精選 Bcc: victim@example.com');
    expect(view.articles).toHaveLength(3);
  });

  it('sends a test to the admin only, marked [測試]', async () => {
    await addConfirmed(t.db, 40);
    expect((await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/test`, t.admin({ method: 'POST', body: JSON.stringify({ email: 'editor@example.com' }) }))).status).toBe(202);
    await t.sendAll();
    expect(t.sink!.received).toHaveLength(1);
    const [mail] = t.sink!.received;
    expect(mail!.to).toBe('editor@example.com');
    expect(mail!.parsed.subject).toBe('[測試] 本週精選 Bcc: victim@example.com');
    expect(mail!.parsed.bcc).toBeUndefined();
    expect(mail!.parsed.html).toContain(`${SITE}/article/article-1`);
    expect(mail!.parsed.text).toContain('大家好');
    expect((await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}`, t.admin())).status).toBe(200);
  });

  it('sends to every confirmed digest subscriber exactly once, never to a pending one, with progress', async () => {
    t.sink!.received.length = 0;
    // Pending: nothing but the confirmation may ever reach it (it is held back for this test: no pass ran since).
    expect((await t.api.fetch('/api/newsletter/subscribe', json({ email: 'pending@example.com', digest: true }))).status).toBe(202);
    await t.db('deliveries').where({ kind: 'confirm' }).delete();
    const sending = (await (await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }))).json()) as CampaignView;
    expect(sending).toMatchObject({ state: 'sending', total: 40, sent: 0, pending: 40 });
    expect((await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }))).status).toBe(409);
    await t.sender.pass();
    const midway = (await (await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}`, t.admin())).json()) as CampaignView;
    expect(midway.sent).toBeGreaterThan(0);
    expect(midway.sent + midway.pending).toBe(40);
    await t.sendAll();
    const done = (await (await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}`, t.admin())).json()) as CampaignView;
    expect(done).toMatchObject({ state: 'sent', total: 40, sent: 40, failed: 0, pending: 0 });
    const recipients = t.sink!.received.map((mail) => mail.to);
    expect(new Set(recipients).size).toBe(40);
    expect(recipients).toHaveLength(40);
    expect(recipients).not.toContain('pending@example.com');
    // Each carries its own signed links.
    const mail = t.sink!.received.find((candidate) => candidate.to === 'subscriber7@example.com')!;
    expect(mail.parsed.text).toMatch(/\/newsletter\/manage\?t=m\d+\.\d+\./);
    expect(mail.raw.toString('utf8')).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  });
});

describe('failures', () => {
  it('suppresses an address the relay refuses for good (5xx) and shows it in 訂閱者', async () => {
    t.sink!.received.length = 0;
    refused.set('subscriber3@example.com', '550 mailbox does not exist');
    const digest = await draftDigest();
    await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }));
    await t.sendAll();
    const done = (await (await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}`, t.admin())).json()) as CampaignView;
    expect(done).toMatchObject({ state: 'sent', total: 40, sent: 39, failed: 1 });
    const list = (await (await t.api.fetch('/api/admin/newsletter/subscribers?status=suppressed', t.admin())).json()) as { items: SubscriberRow[] };
    expect(list.items.map((item) => item.email)).toEqual(['subscriber3@example.com']);
    expect(list.items[0]!.suppressedReason).toContain('550');
    refused.delete('subscriber3@example.com');
  });

  it('retries a temporary failure (4xx) later, with backoff, and then delivers it', async () => {
    t.sink!.received.length = 0;
    refused.set('subscriber5@example.com', '451 try again later');
    const digest = await draftDigest();
    await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }));
    await t.sendAll();
    const [waiting] = await t.db('deliveries').where({ campaign_id: digest.id, status: 'pending' });
    expect(waiting.attempts).toBe(1);
    expect(waiting.last_error).toContain('451');
    expect(new Date(waiting.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
    refused.delete('subscriber5@example.com');
    await t.db('deliveries').where({ id: waiting.id }).update({ next_attempt_at: t.db.fn.now() });
    await t.sendAll();
    const done = (await (await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}`, t.admin())).json()) as CampaignView;
    expect(done).toMatchObject({ state: 'sent', sent: 39, failed: 0 });
    expect(t.sink!.received.filter((mail) => mail.to === 'subscriber5@example.com')).toHaveLength(1);
  });
});

describe('a refusal after the end of data', () => {
  it('undoes the record made at the end of data: 5xx suppresses, 4xx is sent again later and then once', async () => {
    t.sink!.received.length = 0;
    refusedAtEnd.set('subscriber7@example.com', '552 mailbox full for good');
    refusedAtEnd.set('subscriber9@example.com', '451 try again later');
    const digest = await draftDigest();
    await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }));
    await t.sendAll();
    const first = (await (await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}`, t.admin())).json()) as CampaignView;
    expect(first).toMatchObject({ state: 'sending', total: 39, sent: 37, failed: 1 });
    const rows = await t.db('deliveries').join('subscribers', 'subscribers.id', 'deliveries.subscriber_id').where({ campaign_id: digest.id }).select('email', 'deliveries.status', 'sent_at', 'smtp_response', 'lease_owner', 'last_error', 'deliveries.id');
    const byEmail = new Map(rows.map((row: { email: string; id: number }) => [row.email, row]));
    expect(byEmail.get('subscriber7@example.com')).toMatchObject({ status: 'failed', sent_at: null, lease_owner: null, last_error: expect.stringContaining('552') });
    expect(byEmail.get('subscriber9@example.com')).toMatchObject({ status: 'pending', sent_at: null, lease_owner: null, last_error: expect.stringContaining('451') });
    expect((await t.db('subscribers').where({ email: 'subscriber7@example.com' }).first()).status).toBe('suppressed');
    const delivered = rows.filter((row: { status: string }) => row.status === 'sent');
    expect(delivered).toHaveLength(37);
    expect(delivered.every((row: { smtp_response: string | null; lease_owner: string | null }) => row.smtp_response?.startsWith('250 ') && row.lease_owner === null)).toBe(true);

    refusedAtEnd.clear();
    await t.db('deliveries').where({ id: byEmail.get('subscriber9@example.com')!.id }).update({ next_attempt_at: t.db.fn.now() });
    await t.sendAll();
    const done = (await (await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}`, t.admin())).json()) as CampaignView;
    expect(done).toMatchObject({ state: 'sent', sent: 38, failed: 1 });
    expect(t.sink!.received.filter((mail) => mail.to === 'subscriber9@example.com')).toHaveLength(1);
    expect(t.sink!.received.filter((mail) => mail.to === 'subscriber7@example.com')).toHaveLength(0);
  });
});

describe('several senders at once', () => {
  it('share the outbox without sending anything twice', async () => {
    t.sink!.received.length = 0;
    const digest = await draftDigest();
    await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }));
    const transports = [1, 2].map(() => smtpTransport(t.dbUrl, t.sink!.url, 2));
    const others = transports.map(
      (transport) =>
        new Sender({
          db: t.db,
          transport,
          budget: new SendBudget(t.db, 600_000, 5),
          signer: t.signer,
          siteOrigin: SITE,
          batch: 5,
          leaseMs: 60_000,
          pollMs: 20,
          concurrency: 2,
          log: pino({ level: 'silent' }),
        }),
    );
    const drain = async (sender: Sender) => {
      while ((await sender.pass()).claimed > 0);
    };
    await Promise.all([...others.map(drain), t.sendAll()]);
    for (const sender of others) await sender.stop();
    for (const transport of transports) await transport.close();
    const recipients = t.sink!.received.map((mail) => mail.to);
    // 40 subscribers, two of them suppressed by the failures above.
    expect(recipients).toHaveLength(38);
    expect(new Set(recipients).size).toBe(38);
  });
});

describe('the rate the operator sets', () => {
  it('sends no faster than NEWSLETTER_RATE_PER_MINUTE', async () => {
    const slow = await startNewsletterTest({ smtp: true, ratePerMinute: 600, batch: 50 });
    try {
      await addConfirmed(slow.db, 25);
      const digest = (await (await slow.api.fetch('/api/admin/newsletter/campaigns/digest', slow.admin({ method: 'POST' }))).json()) as CampaignView;
      await slow.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, slow.admin({ method: 'POST', body: '{}' }));
      const started = Date.now();
      slow.sender.start();
      await slow.sink!.waitFor(25, 20_000);
      // 10 a second, a second's worth at once: 25 emails take at least 1.5 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    } finally {
      await slow.close();
    }
  });
});

describe('an idle service', () => {
  it('writes nothing while no email is due: the shared budget row stays as it was (a backup taken meanwhile is exact)', async () => {
    await t.sendAll();
    const before = await t.db('send_budget').where({ id: 1 }).first();
    for (let pass = 0; pass < 3; pass++) expect(await t.sender.pass()).toEqual({ claimed: 0, throttled: false });
    expect(await t.db('send_budget').where({ id: 1 }).first()).toEqual(before);
  });
});
