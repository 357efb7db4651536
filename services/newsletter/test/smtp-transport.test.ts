import { afterEach, describe, expect, it } from 'vitest';
import type { CampaignView } from '@coinmag/contracts';
import { pino } from 'pino';
import { TemporaryFailure } from '../src/mail/transport.js';
import { LEDGER_APPLICATION_NAME, PostgresEndOfDataLedger } from '../src/sending/end-of-data-ledger.js';
import { SendBudget } from '../src/sending/send-budget.js';
import { Sender } from '../src/sending/sender.js';
import { startFreezableProxy, type FreezableProxy } from './support/frozen-proxy.js';
import { SITE, smtpTransport, startNewsletterTest, type NewsletterTest, type NewsletterTestOptions } from './support/newsletter-harness.js';
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

describe('what the sender logs', () => {
  it('never an address, even when the relay quotes it in its refusal (as Postfix does)', async () => {
    const test = await start({
      sink: {
        answerFor: (to) =>
          to === 'subscriber3@example.com' ? '550 5.1.1 <subscriber3@example.com>: Recipient address rejected: User unknown'
          : to === 'subscriber5@example.com' ? '450 4.1.2 <subscriber5@example.com>: Recipient address rejected: Domain not found'
          : undefined,
        dataAnswer: (to) => (to === 'subscriber7@example.com' ? '552 5.2.2 <subscriber7@example.com>: mailbox full' : undefined),
      },
    });
    await queueDigest(test, 8);
    await test.sendAll();
    expect(test.sink!.received).toHaveLength(5);
    const logged = test.logLines.join('\n');
    // The refusals were logged, by delivery id and the relay's words without the address.
    expect(logged).toContain('permanent failure');
    expect(logged).toContain('temporary failure');
    expect(logged).toContain('Recipient address rejected');
    expect(logged.match(/[^\s"<>]+@[^\s"<>]+/g) ?? []).toEqual([]);
    // The row keeps the relay's whole answer: the operator sees it beside that one subscriber.
    const suppressed = await test.db('subscribers').where({ email: 'subscriber3@example.com' }).first('suppressed_reason');
    expect(suppressed.suppressed_reason).toContain('<subscriber3@example.com>');
  });
});

describe('the end-of-data ledger', () => {
  it('loses and doubles nothing when Postgres ends its connections mid-campaign (pg_terminate_backend), between emails and with a record in flight', async () => {
    const N = 60;
    let test: NewsletterTest | undefined;
    const terminate = () =>
      void test!.db.raw(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ? and datname = current_database()`, [LEDGER_APPLICATION_NAME]).catch(() => undefined);
    test = await start({
      sink: {
        countOnly: true,
        onDataStart: (_to, count) => count % 7 === 0 && terminate(),
        onDataEnd: (_to, count) => count % 11 === 0 && terminate(),
      },
      batch: 10,
    });
    const campaign = await queueDigest(test, N);
    await test.sendAll();
    // What the lease held back (a record that failed both ways) goes once its lease runs out.
    await test.db('deliveries').where({ campaign_id: campaign, status: 'pending' }).update({ next_attempt_at: test.db.fn.now() });
    await test.sendAll();
    expect(test.sink!.acceptedCount).toBe(N);
    expect([...test.sink!.accepted.values()].filter((times) => times > 1)).toEqual([]);
    const rows = await test.db('deliveries').where({ campaign_id: campaign }).select('status');
    expect(rows.filter((row: { status: string }) => row.status !== 'sent')).toEqual([]);
    const ledgers = await test.db.raw(`select count(*)::int as n from pg_stat_activity where application_name = ? and datname = current_database()`, [LEDGER_APPLICATION_NAME]);
    expect(ledgers.rows[0].n).toBeLessThanOrEqual(4);
  });
});

describe('an address the relay cannot be given', () => {
  it('is the sender’s when it is ours (NEWSLETTER_FROM beyond ASCII to a relay without SMTPUTF8): retried, no subscriber suppressed', async () => {
    const test = await start({ sink: { hideSmtpUtf8: true } });
    const campaign = await queueDigest(test, 3);
    const transport = smtpTransport(test.dbUrl, test.sink!.url, 1, { from: '幣圈新手誌 <電子報@coinmag.example>' });
    const sender = new Sender({ db: test.db, transport, budget: new SendBudget(test.db, 600_000, 10), signer: test.signer, siteOrigin: SITE, batch: 10, leaseMs: 60_000, pollMs: 50, concurrency: 1, log: pino({ level: 'silent' }) });
    await sender.pass();
    await transport.close();
    const rows = await test.db('deliveries').where({ campaign_id: campaign }).select('status', 'last_error');
    expect(rows).toHaveLength(3);
    expect(rows.every((row: { status: string; last_error: string }) => row.status === 'pending' && /SMTPUTF8/.test(row.last_error))).toBe(true);
    expect(await test.db('subscribers').where({ status: 'suppressed' }).select('id')).toEqual([]);
  });
});

describe('a 5xx that is not the address’s', () => {
  it('suppresses nobody when its enhanced status code says policy (relaying denied at RCPT, DMARC at the end of data): retried; a 5.1.1 still suppresses', async () => {
    const test = await start({
      sink: {
        answerFor: (to) => (to === 'subscriber1@example.com' ? '554 5.7.1 Relay access denied' : to === 'subscriber2@example.com' ? '550 5.1.1 User unknown' : undefined),
        dataAnswer: (to) => (to === 'subscriber3@example.com' ? "550 5.7.26 Unauthenticated email from coinmag.example is not accepted due to domain's DMARC policy" : undefined),
      },
    });
    const campaign = await queueDigest(test, 4);
    await test.sendAll();
    const rows = await test.db('deliveries').join('subscribers', 'subscribers.id', 'deliveries.subscriber_id').where({ campaign_id: campaign }).orderBy('email').select('email', 'deliveries.status', 'subscribers.status as subscriber');
    expect(rows).toEqual([
      { email: 'subscriber1@example.com', status: 'pending', subscriber: 'confirmed' },
      { email: 'subscriber2@example.com', status: 'failed', subscriber: 'suppressed' },
      { email: 'subscriber3@example.com', status: 'pending', subscriber: 'confirmed' },
      { email: 'subscriber4@example.com', status: 'sent', subscriber: 'confirmed' },
    ]);
  });
});

describe('a lease lost while the email is on the wire', () => {
  it('is logged and not recorded: the row stays the new holder’s, untouched by our record and our 250', async () => {
    const other = '11111111-1111-4111-8111-111111111111';
    let test: NewsletterTest | undefined;
    test = await start({
      sink: {
        // Another sender claims the first email again while its envelope is answered (our lease ran out).
        answerFor: async (to) => {
          if (to === 'subscriber1@example.com') await test!.db('deliveries').whereIn('subscriber_id', test!.db('subscribers').select('id').where({ email: to })).update({ lease_owner: other });
          return undefined;
        },
      },
    });
    const campaign = await queueDigest(test, 3);
    await test.sender.pass();
    const rows = await test.db('deliveries').join('subscribers', 'subscribers.id', 'deliveries.subscriber_id').where({ campaign_id: campaign }).orderBy('email').select('email', 'deliveries.status', 'lease_owner', 'smtp_response', 'deliveries.id');
    expect(rows.map(({ email, status, lease_owner, smtp_response }: Record<string, unknown>) => ({ email, status, lease_owner, smtp_response }))).toEqual([
      { email: 'subscriber1@example.com', status: 'pending', lease_owner: other, smtp_response: null },
      { email: 'subscriber2@example.com', status: 'sent', lease_owner: null, smtp_response: expect.stringMatching(/^250 /) },
      { email: 'subscriber3@example.com', status: 'sent', lease_owner: null, smtp_response: expect.stringMatching(/^250 /) },
    ]);
    const warned = test.logLines.map((line) => JSON.parse(line) as { msg: string; delivery?: number }).filter((line) => /lease ran out/.test(line.msg));
    expect(warned.map((line) => line.delivery)).toEqual([Number(rows[0].id)]);
  });
});

describe('a ledger whose connection goes silent', () => {
  it('does not hold the batch: the record gives up after its timeout, the pool records the email, the next one has a new ledger connection', { timeout: 30_000 }, async () => {
    let proxy: FreezableProxy | undefined;
    const test = await start({ sink: { onDataStart: (_to, count) => count === 2 && proxy!.freeze() } });
    proxy = await startFreezableProxy(test.dbUrl);
    const campaign = await queueDigest(test, 4);
    const transport = smtpTransport(test.dbUrl, test.sink!.url, 1, { openLedger: () => new PostgresEndOfDataLedger({ url: proxy!.url, schema: 'newsletter', timeoutMs: 1000 }) });
    const sender = new Sender({ db: test.db, transport, budget: new SendBudget(test.db, 600_000, 10), signer: test.signer, siteOrigin: SITE, batch: 10, leaseMs: 60_000, pollMs: 50, concurrency: 1, log: pino({ level: 'silent' }) });
    try {
      const started = Date.now();
      await sender.pass();
      expect(Date.now() - started).toBeLessThan(10_000);
      const rows = await test.db('deliveries').where({ campaign_id: campaign }).select('status', 'smtp_response');
      expect(rows.every((row: { status: string; smtp_response: string | null }) => row.status === 'sent' && row.smtp_response?.startsWith('250 '))).toBe(true);
      expect(test.sink!.received).toHaveLength(4);
    } finally {
      await transport.close();
      await proxy.close();
    }
  });
});

describe('a record that committed and whose answer was lost', () => {
  it('is recognised by the pool as ours: the 250 goes beside it, nothing is logged as to be sent again', { timeout: 30_000 }, async () => {
    let proxy: FreezableProxy | undefined;
    const test = await start({ sink: { onDataStart: (_to, count) => count === 2 && proxy!.freeze('replies') } });
    proxy = await startFreezableProxy(test.dbUrl);
    const campaign = await queueDigest(test, 3);
    const transport = smtpTransport(test.dbUrl, test.sink!.url, 1, { openLedger: () => new PostgresEndOfDataLedger({ url: proxy!.url, schema: 'newsletter', timeoutMs: 1000 }) });
    const logged: string[] = [];
    const sender = new Sender({ db: test.db, transport, budget: new SendBudget(test.db, 600_000, 10), signer: test.signer, siteOrigin: SITE, batch: 10, leaseMs: 60_000, pollMs: 50, concurrency: 1, log: pino({ level: 'info' }, { write: (line: string) => void logged.push(line) }) });
    try {
      await sender.pass();
      const rows = await test.db('deliveries').where({ campaign_id: campaign }).select('status', 'smtp_response', 'lease_owner');
      expect(rows.every((row: { status: string; smtp_response: string | null; lease_owner: string | null }) => row.status === 'sent' && row.smtp_response?.startsWith('250 ') && row.lease_owner === null)).toBe(true);
      expect(logged).toEqual([]);
      expect(test.sink!.received).toHaveLength(3);
    } finally {
      await transport.close();
      await proxy.close();
    }
  });
});

describe('closing the transport', () => {
  it('lets the email on the wire finish, turns away the one waiting for a connection, opens nothing after, and leaves no connection open', async () => {
    const test = await start({ sink: { holdDataMs: 300 } });
    await addConfirmed(test.db, 1);
    const transport = smtpTransport(test.dbUrl, test.sink!.url, 1);
    const mail = (to: string) => transport.prepare({ to, subject: 'x', html: '<p>x</p>', text: 'x', headers: {}, messageId: `${to}.close@coinmag.example` });
    const context = { deliveryId: 1, subscriberId: 1, owner: '00000000-0000-4000-8000-000000000000' };
    const first = transport.deliver(await mail('first@example.com'), context);
    const second = transport.deliver(await mail('second@example.com'), context).then(
      () => 'sent',
      (err: Error) => err,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = transport.close();
    const settled = await Promise.race([second, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000))]);
    expect(settled).toBeInstanceOf(TemporaryFailure);
    expect((await first).answer).toMatch(/^250 /);
    await closing;
    await expect(transport.deliver(await mail('third@example.com'), context)).rejects.toBeInstanceOf(TemporaryFailure);
    expect(test.sink!.received.map((received) => received.to)).toEqual(['first@example.com']);
    const ledgers = await test.db.raw(`select count(*)::int as n from pg_stat_activity where application_name = ? and datname = current_database()`, [LEDGER_APPLICATION_NAME]);
    // The harness's own transport never sent: only this one's ledger could be open.
    expect(ledgers.rows[0].n).toBe(0);
  });
});
