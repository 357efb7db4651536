import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignPreview, CampaignView } from '@coinmag/contracts';
import { SITE, startNewsletterTest, type NewsletterTest } from './support/newsletter-harness.js';
import { addConfirmed } from './support/subscribers-fixture.js';

let t: NewsletterTest;
beforeAll(async () => {
  t = await startNewsletterTest();
  await addConfirmed(t.db, 3);
});
afterAll(async () => t?.close());

const preview = (body: unknown, init = t.admin({ method: 'POST', body: JSON.stringify(body) })) => t.api.fetch('/api/admin/newsletter/campaigns/preview', init);

describe('the digest editor’s 預覽', () => {
  it('renders what the editor holds, unsaved, as subscribers will get it: subject, opening text, articles at absolute URLs, 取消訂閱', async () => {
    const digest = (await (await t.api.fetch('/api/admin/newsletter/campaigns/digest', t.admin({ method: 'POST' }))).json()) as CampaignView;
    const answer = await preview({ subject: '這週\r\nBcc: victim@example.com 的重點', intro: '大家好，\n\n<b>不是標記</b>', articles: digest.articles.slice(0, 2) });
    expect(answer.status).toBe(200);
    const shown = (await answer.json()) as CampaignPreview;
    expect(shown.subject).toBe('這週 Bcc: victim@example.com 的重點');
    expect(shown.html).toContain('大家好，');
    expect(shown.html).toContain('&#60;b&#62;不是標記&#60;/b&#62;');
    expect(shown.html).toContain(`href="${SITE}/article/article-1"`);
    expect(shown.html).toContain(`src="${SITE}/uploads/cover-1.webp"`);
    expect(shown.html).not.toContain('article-3');
    expect(shown.html).toMatch(new RegExp(`href="${SITE}/newsletter/unsubscribe"[^>]*>取消訂閱</a>`));
    expect(shown.text).toContain(`${SITE}/article/article-2`);
    // A preview is no send: nothing queued, the saved draft unchanged.
    expect(await t.db('deliveries')).toHaveLength(0);
    expect(await t.db('campaigns').where({ id: digest.id }).first()).toMatchObject({ subject: digest.subject });
  });

  it('refuses what the editor could not save, with the same message, and is the admin’s only', async () => {
    const empty = await preview({ subject: '  ', intro: '', articles: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: '請輸入主旨' });
    expect((await preview({ subject: 'x', intro: '', articles: [] }, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
  });
});
