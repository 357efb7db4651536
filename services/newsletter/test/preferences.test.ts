import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView, NewsletterLinkState } from '@coinmag/contracts';
import { NEWSLETTER_MESSAGES } from '@coinmag/contracts';
import { demoArticle } from './support/content-stand-in.js';
import { json, startNewsletterTest, type NewsletterTest } from './support/newsletter-harness.js';

// The preferences page's choices: categories added as well as taken away, and the next article
// of an added category reaches the subscriber.

let t: NewsletterTest;
let manageToken = '';
beforeAll(async () => {
  t = await startNewsletterTest();
  const [row] = await t.db('subscribers')
    .insert({ email: 'chooser@example.com', status: 'confirmed', digest: true, category_ids: t.db.raw("'{}'::integer[]"), confirmed_at: t.db.fn.now() })
    .returning('id');
  await t.db('subscribers').insert({ email: 'digest-only@example.com', status: 'confirmed', digest: true, category_ids: t.db.raw("'{}'::integer[]"), confirmed_at: t.db.fn.now() });
  manageToken = t.signer.sign({ purpose: 'manage', subscriberId: Number((row as { id: string }).id), version: 1 });
});
afterAll(async () => t?.close());

const save = (choices: { digest: boolean; categoryIds: number[] }) => t.api.fetch('/api/newsletter/preferences', json({ token: manageToken, ...choices }, 'PUT'));
const linkState = async () => (await (await t.api.fetch(`/api/newsletter/link?t=${manageToken}`)).json()) as NewsletterLinkState;

/** Announces article `id` (of category 4) as the article form's 發布時寄送電子報 does, and sends it: who got it. */
async function announce(id: number): Promise<string[]> {
  t.content.articles.push(demoArticle(id, { category_id: 4, category_name: '交易策略' }));
  const campaign = (await (await t.api.fetch('/api/admin/newsletter/article-campaigns', t.admin({ method: 'POST', body: JSON.stringify({ articleId: id, slug: `article-${id}` }) }))).json()) as CampaignView;
  await t.sendAll();
  // Queued (no longer waiting for its article), whoever its audience turned out to be.
  expect((await t.db('campaigns').where({ id: campaign.id }).first()).started_at).not.toBeNull();
  const rows = await t.db('mailbox_messages').join('deliveries', 'deliveries.id', 'mailbox_messages.delivery_id').where('deliveries.campaign_id', campaign.id).select('recipient');
  return rows.map((row: { recipient: string }) => row.recipient);
}

describe('the preferences page', () => {
  it('adds categories to a digest-only subscription, and the next article of one reaches the subscriber', async () => {
    expect((await linkState()).categoryIds).toEqual([]);
    const saved = await save({ digest: true, categoryIds: [4, 2] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ digest: true, categoryIds: [4, 2], message: NEWSLETTER_MESSAGES.saved });
    expect(await linkState()).toMatchObject({ digest: true, categoryIds: [4, 2] });
    expect(await announce(20)).toEqual(['chooser@example.com']);
  });

  it('takes one away again, and the next article of it reaches no one (the campaign is done at once)', async () => {
    expect((await save({ digest: true, categoryIds: [2] })).status).toBe(200);
    expect((await linkState()).categoryIds).toEqual([2]);
    expect(await announce(21)).toEqual([]);
    expect(await t.db('campaigns').where({ unique_key: 'article:21' }).first()).toMatchObject({ state: 'sent', total: 0 });
  });

  it('keeps categories alone when the digest is dropped, and refuses a choice of nothing', async () => {
    expect((await save({ digest: false, categoryIds: [2, 4] })).status).toBe(200);
    expect(await linkState()).toMatchObject({ digest: false, categoryIds: [2, 4] });
    const nothing = await save({ digest: false, categoryIds: [] });
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toMatchObject({ error: NEWSLETTER_MESSAGES.chooseSomething });
    expect(await linkState()).toMatchObject({ digest: false, categoryIds: [2, 4] });
  });
});
