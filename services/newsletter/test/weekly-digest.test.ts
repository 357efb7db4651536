import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignView } from '@coinmag/contracts';
import { taipeiWeekStart } from '../src/campaigns/campaigns.service.js';
import { demoArticle } from './support/content-stand-in.js';
import { json, SITE, startNewsletterTest, type NewsletterTest } from './support/newsletter-harness.js';

// "A weekly digest is drafted automatically from the week's most-read articles for the admin to
// edit": nobody presses 草擬每週精選 here.

describe('the week a date falls in (Monday to Sunday, Taipei)', () => {
  it('starts on the Monday in Taipei, whatever the date in UTC', () => {
    expect(taipeiWeekStart(new Date('2026-11-29T15:59:59Z'))).toBe('2026-11-23'); // Sunday 23:59:59 in Taipei
    expect(taipeiWeekStart(new Date('2026-11-29T16:00:00Z'))).toBe('2026-11-30'); // Monday 00:00 in Taipei
    expect(taipeiWeekStart(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(taipeiWeekStart(new Date('2027-01-03T12:00:00Z'))).toBe('2026-12-28');
  });
});

describe('the weekly digest drafted by itself', () => {
  let t: NewsletterTest;
  beforeAll(async () => {
    t = await startNewsletterTest();
  });
  afterAll(async () => t?.close());

  it('is drafted at the first send pass of the week, from the most-read articles, and nothing is sent', async () => {
    expect(await t.db('campaigns')).toHaveLength(0);
    expect(await t.sender.pass()).toEqual({ claimed: 0, throttled: false });
    const [draft] = await t.db('campaigns');
    expect(draft).toMatchObject({ kind: 'digest', state: 'draft', unique_key: `digest:${taipeiWeekStart(new Date())}`, total: 0 });
    expect(draft.subject).toMatch(/^每週精選｜/);
    expect(draft.articles).toHaveLength(6);
    expect(draft.articles[0]).toMatchObject({ url: `${SITE}/article/article-1` });
    expect(await t.db('deliveries')).toHaveLength(0);
    // In 電子報 for the admin to edit.
    const listed = (await (await t.api.fetch('/api/admin/newsletter/campaigns', t.admin())).json()) as CampaignView[];
    expect(listed.map((campaign) => campaign.id)).toEqual([Number(draft.id)]);
    const edited = await t.api.fetch(`/api/admin/newsletter/campaigns/${draft.id}`, t.admin({ method: 'PUT', body: JSON.stringify({ subject: '本週精選', intro: '', articles: draft.articles.slice(0, 2) }) }));
    expect(edited.status).toBe(200);
  });

  it('is drafted once a week, however many replicas look at once, and again the next week', async () => {
    const now = new Date();
    expect(await t.campaigns.draftWeeklyDigest(now)).toBeUndefined();
    const nextWeek = new Date(now.getTime() + 7 * 86_400_000);
    const racing = await Promise.all([1, 2, 3, 4].map(() => t.campaigns.draftWeeklyDigest(nextWeek)));
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(await t.db('campaigns').where({ unique_key: `digest:${taipeiWeekStart(nextWeek)}` })).toHaveLength(1);
    expect(await t.db('campaigns').where({ kind: 'digest' })).toHaveLength(2);
  });

  it('waits while there is no published article to put in it', async () => {
    const saved = t.content.articles.splice(0);
    const later = new Date(Date.now() + 14 * 86_400_000);
    expect(await t.campaigns.draftWeeklyDigest(later)).toBeUndefined();
    expect(await t.db('campaigns').where({ unique_key: `digest:${taipeiWeekStart(later)}` })).toHaveLength(0);
    t.content.articles.push(...saved);
    expect(await t.campaigns.draftWeeklyDigest(later)).toMatchObject({ kind: 'digest', state: 'draft' });
  });
});

describe('without the content service', () => {
  let t: NewsletterTest;
  beforeAll(async () => {
    t = await startNewsletterTest();
    await t.content.close();
  });
  afterAll(async () => t?.close());

  it('sends what is due all the same, and drafts no digest', async () => {
    expect((await t.api.fetch('/api/newsletter/subscribe', json({ email: 'waiting@example.com', digest: true }))).status).toBe(202);
    await t.sendAll();
    expect(await t.db('mailbox_messages').where({ recipient: 'waiting@example.com' })).toHaveLength(1);
    expect(await t.db('campaigns')).toHaveLength(0);
    expect(t.logLines.join('\n')).toContain('not drafted yet');
  });

  it('looks again a minute later, not at every pass, and drafts it once the content service answers', async () => {
    const warnings = () => t.logLines.filter((line) => line.includes('not drafted yet')).length;
    const before = warnings();
    for (let pass = 0; pass < 3; pass++) await t.sender.pass();
    expect(warnings()).toBe(before);
    // The content service is back, on its address.
    const back = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([1, 2, 3].map((id) => demoArticle(id))));
    });
    await new Promise<void>((resolve) => back.listen(Number(new URL(t.content.url).port), '127.0.0.1', () => resolve()));
    try {
      await t.sender.pass();
      expect(await t.db('campaigns')).toHaveLength(0);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      await t.sender.pass();
      vi.useRealTimers();
      const [draft] = await t.db('campaigns');
      expect(draft).toMatchObject({ kind: 'digest', state: 'draft' });
      expect(draft.articles).toHaveLength(3);
      expect(warnings()).toBe(before);
    } finally {
      vi.useRealTimers();
      await new Promise<void>((resolve) => back.close(() => resolve()));
    }
  });
});
