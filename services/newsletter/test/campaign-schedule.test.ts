import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView } from '@coinmag/contracts';
import { startNewsletterTest, type NewsletterTest } from './support/newsletter-harness.js';
import { addConfirmed } from './support/subscribers-fixture.js';

let t: NewsletterTest;
beforeAll(async () => {
  t = await startNewsletterTest();
  await addConfirmed(t.db, 5);
});
afterAll(async () => t?.close());

const draft = async () => (await (await t.api.fetch('/api/admin/newsletter/campaigns/digest', t.admin({ method: 'POST' }))).json()) as CampaignView;
const send = (id: number, body: unknown) => t.api.fetch(`/api/admin/newsletter/campaigns/${id}/send`, t.admin({ method: 'POST', body: JSON.stringify(body) }));
const view = async (id: number) => (await (await t.api.fetch(`/api/admin/newsletter/campaigns/${id}`, t.admin())).json()) as CampaignView;
const mailsOf = async (id: number) => t.db('mailbox_messages').join('deliveries', 'deliveries.id', 'mailbox_messages.delivery_id').where('deliveries.campaign_id', id);

describe('a digest scheduled for later', () => {
  it('waits, still editable, sends nothing before its time, and goes to everyone once its time has come', async () => {
    const digest = await draft();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await send(digest.id, { at });
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toMatchObject({ state: 'scheduled', scheduledAt: at, total: 0 });
    await t.sendAll();
    expect(await t.db('deliveries').where({ campaign_id: digest.id })).toHaveLength(0);
    const edited = await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}`, t.admin({ method: 'PUT', body: JSON.stringify({ subject: '排程的精選', intro: '', articles: digest.articles.slice(0, 1) }) }));
    expect(edited.status).toBe(200);

    // The hour has passed (the row's time moved, as the clock would).
    await t.db('campaigns').where({ id: digest.id }).update({ scheduled_at: t.db.raw(`now() - interval '1 second'`) });
    await t.sendAll();
    expect(await view(digest.id)).toMatchObject({ state: 'sent', total: 5, sent: 5, failed: 0 });
    const mails = await mailsOf(digest.id);
    expect(mails).toHaveLength(5);
    expect(mails.every((mail: { subject: string }) => mail.subject === '排程的精選')).toBe(true);
  });

  it('can be called off before its time, and then nothing goes', async () => {
    const digest = await draft();
    expect((await send(digest.id, { at: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(200);
    expect((await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/cancel`, t.admin({ method: 'POST', body: '{}' }))).status).toBe(200);
    await t.db('campaigns').where({ id: digest.id }).update({ scheduled_at: t.db.raw(`now() - interval '1 second'`) });
    await t.sendAll();
    expect(await view(digest.id)).toMatchObject({ state: 'cancelled', total: 0 });
    expect(await mailsOf(digest.id)).toHaveLength(0);
  });

  it('is sent at once when the time given has already passed, and refuses a time that is not one', async () => {
    const digest = await draft();
    expect(await (await send(digest.id, { at: new Date(Date.now() - 60_000).toISOString() })).json()).toMatchObject({ state: 'sending', total: 5 });
    const other = await draft();
    const bad = await send(other.id, { at: '下週一早上' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: '排程時間格式不正確' });
    expect(await view(other.id)).toMatchObject({ state: 'draft' });
  });
});
