import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterLinkState, SubscriberCounts, SubscriberRow } from '@coinmag/contracts';
import { json, SITE, startNewsletterTest, tokenIn, type NewsletterTest } from './support/newsletter-harness.js';

let t: NewsletterTest;
beforeAll(async () => {
  t = await startNewsletterTest({ smtp: true });
});
afterAll(async () => t?.close());

const subscribe = (email: string, extra: Record<string, unknown> = { digest: true }, ip?: string) =>
  t.api.fetch('/api/newsletter/subscribe', json({ email, ...extra }, 'POST', ip ? { 'x-forwarded-for': ip } : {}));

const mailTo = (address: string) => t.sink!.received.filter((mail) => mail.to === address);

describe('subscribing with double opt-in, through a real SMTP relay', () => {
  let confirmToken = '';
  let manageToken = '';

  it('answers the same for a new address and sends one confirmation: both parts, RFC 8058 headers, a signed link', async () => {
    const answer = await subscribe('Reader@Example.com', { digest: true, categoryIds: [1] });
    expect(answer.status).toBe(202);
    const body = (await answer.json()) as { message: string };
    expect(body.message).toContain('確認連結');
    await t.sendAll();
    const [mail] = mailTo('reader@example.com');
    expect(mail).toBeDefined();
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('請確認訂閱幣圈新手誌電子報');
    expect(parsed.from?.text).toContain('newsletter@coinmag.example');
    expect(parsed.text).toContain(`${SITE}/newsletter/confirm?t=`);
    expect(parsed.html).toContain(`${SITE}/newsletter/confirm?t=`);
    expect(parsed.html).toContain('取消訂閱');
    const raw = mail!.raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(raw).toMatch(new RegExp(`^List-Unsubscribe: <${SITE.replace(/\./g, '\\.')}/api/newsletter/unsubscribe\\?t=m\\d+\\.\\d+\\.[A-Za-z0-9_-]{22}>`, 'm'));
    // No address in any link.
    expect(raw).not.toMatch(/\?t=[^"\s>]*@/);
    confirmToken = tokenIn(parsed.text!, 'confirm');
  });

  it('answers the same for a known address and never sends a second confirmation within the hour', async () => {
    const again = await subscribe('reader@example.com', { digest: true, categoryIds: [1] });
    expect(again.status).toBe(202);
    expect(((await again.json()) as { message: string }).message).toContain('確認連結');
    await t.sendAll();
    expect(mailTo('reader@example.com')).toHaveLength(1);
  });

  it('refuses an invalid address, one carrying a header, and a form with nothing chosen, with a clear error', async () => {
    for (const email of ['not-an-address', 'a@b.example\r\nBcc: victim@example.com', 'a@b.example\nSubject: x', '']) {
      const answer = await subscribe(email);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toBe('請輸入有效的電子郵件地址');
    }
    const nothing = await subscribe('someone@example.com', { digest: false, categoryIds: [] });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { error: string }).error).toContain('請至少選擇一項');
  });

  it('shows the confirm page its state and confirms only on POST', async () => {
    const state = (await (await t.api.fetch(`/api/newsletter/link?t=${confirmToken}`)).json()) as NewsletterLinkState;
    expect(state).toMatchObject({ purpose: 'confirm', status: 'pending', emailHint: 'r•••@example.com', digest: true, categoryIds: [1] });
    expect(JSON.stringify(state)).not.toContain('reader@');
    const confirmed = await t.api.fetch('/api/newsletter/confirm', json({ token: confirmToken }));
    expect(confirmed.status).toBe(200);
    const body = (await confirmed.json()) as NewsletterLinkState & { message: string };
    expect(body.status).toBe('confirmed');
    expect(body.message).toBe('訂閱完成，謝謝你！');
    manageToken = body.manageToken!;
    expect(manageToken).toMatch(/^m\d+\./);
  });

  it('refuses a forged link', async () => {
    const forged = confirmToken.replace(/^c(\d+)/, (_match, id: string) => `c${Number(id) + 1}`);
    expect((await t.api.fetch(`/api/newsletter/link?t=${forged}`)).status).toBe(410);
    expect((await t.api.fetch('/api/newsletter/confirm', json({ token: forged }))).status).toBe(410);
    expect((await t.api.fetch('/api/newsletter/confirm', json({ token: manageToken }))).status).toBe(410);
  });

  it('changes the preferences from the link, without an account', async () => {
    const saved = await t.api.fetch('/api/newsletter/preferences', json({ token: manageToken, digest: false, categoryIds: [2, 3] }, 'PUT'));
    expect(saved.status).toBe(200);
    const state = (await (await t.api.fetch(`/api/newsletter/link?t=${manageToken}`)).json()) as NewsletterLinkState;
    expect(state).toMatchObject({ purpose: 'manage', status: 'confirmed', digest: false, categoryIds: [2, 3] });
  });

  it('unsubscribes in one click (RFC 8058 POST), at once, and every earlier link stops working', async () => {
    const answer = await t.api.fetch(`/api/newsletter/unsubscribe?t=${manageToken}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { message: string }).message).toContain('已取消訂閱');
    const [row] = await t.db('subscribers').where({ email: 'reader@example.com' });
    expect(row.status).toBe('unsubscribed');
    expect((await t.api.fetch(`/api/newsletter/link?t=${manageToken}`)).status).toBe(410);
    expect((await t.api.fetch('/api/newsletter/preferences', json({ token: manageToken, digest: true, categoryIds: [] }, 'PUT'))).status).toBe(410);
    expect((await t.api.fetch('/api/newsletter/confirm', json({ token: confirmToken }))).status).toBe(410);
    // A second click (a client retrying) finds it done.
    expect((await t.api.fetch(`/api/newsletter/unsubscribe?t=${manageToken}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
  });

  it('limits one client address to 10 subscribe requests an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await subscribe(`flood${i}@example.com`, { digest: true }, '203.0.113.9')).status);
    // Without FORWARDING_SECRET the service counts the socket's address, as every other test request does here.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  it('never writes an address into a log line', async () => {
    await t.sendAll();
    const logged = t.logLines.join('\n');
    expect(logged).not.toMatch(/reader@example\.com|flood\d+@example\.com/i);
  });
});

describe('訂閱者 in the back office', () => {
  it('counts, searches and exports, for the admin only', async () => {
    expect((await t.api.fetch('/api/admin/newsletter/subscribers')).status).toBe(401);
    expect((await t.api.fetch('/api/admin/newsletter/subscribers/search', json({ q: 'reader' }))).status).toBe(401);
    // The address searched for goes in the body: a URL carrying one is refused, not answered.
    const inUrl = await t.api.fetch('/api/admin/newsletter/subscribers?q=reader%40example.com', t.admin());
    expect(inUrl.status).toBe(400);
    expect(((await inUrl.json()) as { error: string }).error).toContain('不放在網址裡');
    const list = (await (await t.api.fetch('/api/admin/newsletter/subscribers/search', t.admin({ method: 'POST', body: JSON.stringify({ q: 'Reader@' }) }))).json()) as { items: SubscriberRow[]; counts: SubscriberCounts };
    expect(list.items.map((item) => item.email)).toEqual(['reader@example.com']);
    expect(list.counts.unsubscribed).toBe(1);
    expect(list.counts.pending).toBeGreaterThan(0);
    const csv = await (await t.api.fetch('/api/admin/newsletter/subscribers.csv', t.admin())).text();
    expect(csv).toContain('"reader@example.com","unsubscribed"');
  });

  it('deletes a subscriber for good: the address is in no table afterwards', async () => {
    const [row] = await t.db('subscribers').where({ email: 'reader@example.com' });
    expect((await t.api.fetch(`/api/admin/newsletter/subscribers/${row.id}`, t.admin({ method: 'DELETE' }))).status).toBe(204);
    const { rows } = await t.db.raw(
      `select table_name from information_schema.columns where table_schema = 'newsletter' and data_type in ('character varying', 'text', 'jsonb')`,
    );
    for (const { table_name: table } of rows as Array<{ table_name: string }>) {
      const found = await t.db.raw(`select count(*)::int as n from ?? t where t::text ilike ?`, [table, '%reader@example.com%']);
      expect(found.rows[0].n, table).toBe(0);
    }
  });
});
