import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView, MailboxItem } from '@coinmag/contracts';
import { json, startNewsletterTest, tokenIn, type NewsletterTest } from './support/newsletter-harness.js';

// Without SMTP (the local mailbox), so that copies of every email sit in the database: what
// "gone from every table" has to cover. Then the 7 days an unconfirmed address is kept.

let t: NewsletterTest;
beforeAll(async () => {
  t = await startNewsletterTest({ smtp: false });
});
afterAll(async () => t?.close());

const ADDRESS = 'forget.me@example.com';

/** Every row of the newsletter's tables whose text holds `needle`, as `table` names. */
async function tablesHolding(needle: string): Promise<string[]> {
  const { rows } = await t.db.raw(`select table_name from information_schema.tables where table_schema = 'newsletter' and table_type = 'BASE TABLE'`);
  const found: string[] = [];
  for (const { table_name: table } of rows as Array<{ table_name: string }>) {
    const hits = await t.db.raw(`select count(*)::int as n from ?? t where t::text ilike ?`, [table, `%${needle}%`]);
    if (hits.rows[0].n > 0) found.push(table);
  }
  return found;
}

async function subscribeAndConfirm(email: string): Promise<void> {
  expect((await t.api.fetch('/api/newsletter/subscribe', json({ email, digest: true, categoryIds: [1] }))).status).toBe(202);
  await t.sendAll();
  const [copy] = await t.db('mailbox_messages').where({ recipient: email }).orderBy('id', 'desc');
  expect((await t.api.fetch('/api/newsletter/confirm', json({ token: tokenIn(copy.text, 'confirm') }))).status).toBe(200);
}

describe('deleting a subscriber for good', () => {
  it('leaves the address in no table: subscriber, deliveries (test sends included), mailbox copies, and in no log line', async () => {
    await subscribeAndConfirm(ADDRESS);
    await subscribeAndConfirm('stays@example.com');
    const digest = (await (await t.api.fetch('/api/admin/newsletter/campaigns/digest', t.admin({ method: 'POST' }))).json()) as CampaignView;
    // The admin once sent a test to this address too (typed in capitals): a delivery with no subscriber row.
    expect((await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/test`, t.admin({ method: 'POST', body: JSON.stringify({ email: 'Forget.Me@Example.com' }) }))).status).toBe(202);
    expect((await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }))).status).toBe(200);
    await t.sendAll();
    const mailbox = (await (await t.api.fetch('/api/admin/newsletter/mailbox', t.admin())).json()) as { items: MailboxItem[] };
    // Confirmation, test and digest: three copies for the address before.
    expect(mailbox.items.filter((item) => item.recipient === ADDRESS)).toHaveLength(3);
    expect(await t.db('deliveries').where({ test_address: ADDRESS })).toHaveLength(1);
    expect(await tablesHolding(ADDRESS)).toEqual(expect.arrayContaining(['subscribers', 'deliveries', 'mailbox_messages']));

    const [row] = await t.db('subscribers').where({ email: ADDRESS });
    expect((await t.api.fetch(`/api/admin/newsletter/subscribers/${row.id}`, t.admin({ method: 'DELETE' }))).status).toBe(204);

    expect(await tablesHolding(ADDRESS)).toEqual([]);
    expect(await tablesHolding('forget.me')).toEqual([]);
    const after = (await (await t.api.fetch('/api/admin/newsletter/mailbox', t.admin())).json()) as { items: MailboxItem[] };
    expect(after.items.some((item) => item.recipient === ADDRESS)).toBe(false);
    // The other subscriber's copies and the campaign's progress are untouched.
    expect(after.items.filter((item) => item.recipient === 'stays@example.com')).toHaveLength(2);
    expect((await t.api.fetch(`/api/admin/newsletter/subscribers/${row.id}`, t.admin({ method: 'DELETE' }))).status).toBe(404);
    expect(t.logLines.join('\n')).not.toMatch(/forget\.me/i);
  });
});

describe('no enumeration', () => {
  it('answers a new, pending, confirmed, unsubscribed and suppressed address alike, and mails only those still to confirm', async () => {
    const states = { confirmed: 'known.confirmed@example.com', unsubscribed: 'known.left@example.com', suppressed: 'known.bounced@example.com' } as const;
    for (const [status, email] of Object.entries(states)) await t.db('subscribers').insert({ email, status, digest: true, confirmation_sent_at: t.db.raw(`now() - interval '2 hours'`) });
    expect((await t.api.fetch('/api/newsletter/subscribe', json({ email: 'known.pending@example.com', digest: true }))).status).toBe(202);
    await t.sendAll();
    const before = await t.db('mailbox_messages').count<Array<{ n: string }>>('* as n');
    const answers: string[] = [];
    for (const email of ['brand.new@example.com', 'known.pending@example.com', ...Object.values(states)]) {
      const answer = await t.api.fetch('/api/newsletter/subscribe', json({ email, digest: true }));
      answers.push(`${answer.status} ${JSON.stringify([...answer.headers].filter(([name]) => !['date', 'x-request-id', 'content-length'].includes(name)))} ${await answer.text()}`);
    }
    expect(new Set(answers).size).toBe(1);
    await t.sendAll();
    const mailed = (await t.db('mailbox_messages').orderBy('id').offset(Number(before[0]!.n))).map((row: { recipient: string }) => row.recipient);
    // The new address and the one that left (it confirms again); not the pending one within its hour, nor the confirmed or suppressed.
    expect(mailed.sort()).toEqual(['brand.new@example.com', 'known.left@example.com']);
  });
});

describe('an address never confirmed', () => {
  // A process of its own: the expiry runs at a process's first send pass, then every 10 minutes.
  let fresh: NewsletterTest;
  beforeAll(async () => {
    fresh = await startNewsletterTest({ smtp: false });
  });
  afterAll(async () => fresh?.close());

  it('is deleted 7 days after its confirmation was sent, with what was queued for it; a younger one stays', async () => {
    const pending = async (email: string, sentAgo: string) => {
      const [row] = await fresh.db('subscribers')
        .insert({ email, status: 'pending', digest: true, confirmation_sent_at: fresh.db.raw(`now() - interval '${sentAgo}'`), created_at: fresh.db.raw(`now() - interval '9 days'`) })
        .returning('id');
      const id = Number((row as { id: string }).id);
      await fresh.db('deliveries').insert({ kind: 'confirm', priority: 0, subscriber_id: id });
      return id;
    };
    const old = await pending('old.pending@example.com', '7 days 1 minute');
    const young = await pending('young.pending@example.com', '6 days 23 hours');
    const oldToken = fresh.signer.sign({ purpose: 'confirm', subscriberId: old, version: 1 });

    await fresh.sendAll();

    expect(await fresh.db('subscribers').where({ id: old }).first()).toBeUndefined();
    expect(await fresh.db('deliveries').where({ subscriber_id: old }).first()).toBeUndefined();
    expect(await fresh.db('mailbox_messages').where({ recipient: 'old.pending@example.com' }).first()).toBeUndefined();
    expect(await fresh.db('subscribers').where({ id: young }).first()).toMatchObject({ status: 'pending' });
    expect(await fresh.db('mailbox_messages').where({ recipient: 'young.pending@example.com' })).toHaveLength(1);
    // Its link is dead; subscribing again starts over with a new confirmation.
    expect((await fresh.api.fetch('/api/newsletter/confirm', json({ token: oldToken }))).status).toBe(410);
    expect((await fresh.api.fetch('/api/newsletter/subscribe', json({ email: 'old.pending@example.com', digest: true }))).status).toBe(202);
    await fresh.sendAll();
    expect(await fresh.db('mailbox_messages').where({ recipient: 'old.pending@example.com' })).toHaveLength(1);
  });
});
