import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@coinmag/contracts';
import { SITE, startNewsletterTest, type NewsletterTest } from './support/newsletter-harness.js';

// The subscribe form posted by the browser itself (no script ran): the answer is a page in the
// words the script would have shown, never the service's JSON.

let t: NewsletterTest;
beforeAll(async () => {
  t = await startNewsletterTest();
});
afterAll(async () => t?.close());

const post = (body: string, referer = `${SITE}/article/bitcoin-halving-2024`) =>
  t.api.fetch('/api/newsletter/subscribe', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', referer } });

async function pageOf(answer: Response): Promise<string> {
  expect(answer.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
  const html = await answer.text();
  expect(html).toMatch(/^<!doctype html>\n<html lang="zh-Hant-TW">/);
  expect(() => JSON.parse(html)).toThrow();
  return html;
}

describe('the subscribe form without its script', () => {
  it('subscribes with the form’s choices and answers a page with the script’s message and a way back to the page it was on', async () => {
    const answer = await post('email=Form.Reader%40Example.com&digest=on&category=3&category=x');
    expect(answer.status).toBe(202);
    const html = await pageOf(answer);
    expect(html).toContain(`role="status">${NEWSLETTER_MESSAGES.subscribed}</p>`);
    expect(html).toContain('<a href="/article/bitcoin-halving-2024">');
    const row = await t.db('subscribers').where({ email: 'form.reader@example.com' }).first();
    expect(row).toMatchObject({ status: 'pending', digest: true, category_ids: [3] });
    expect(await t.db('deliveries').where({ kind: 'confirm', subscriber_id: row.id })).toHaveLength(1);
  });

  it('answers an invalid address or no choice with a page holding the same error, and subscribes no one', async () => {
    const invalid = await post('email=not-an-address&digest=on');
    expect(invalid.status).toBe(400);
    expect(await pageOf(invalid)).toContain(`role="alert">${NEWSLETTER_MESSAGES.invalidEmail}</p>`);
    const nothing = await post('email=nochoice%40example.com');
    expect(nothing.status).toBe(400);
    expect(await pageOf(nothing)).toContain(`role="alert">${NEWSLETTER_MESSAGES.chooseSomething}</p>`);
    expect(await t.db('subscribers').whereIn('email', ['not-an-address', 'nochoice@example.com'])).toHaveLength(0);
  });

  it('links back only to a page of this site, never to an API path or another origin', async () => {
    const elsewhere = await pageOf(await post('email=a%40example.com&digest=on', 'https://evil.example/phish?x=1'));
    expect(elsewhere).toContain('<a href="/phish?x=1">');
    const api = await pageOf(await post('email=b%40example.com&digest=on', `${SITE}/api/newsletter/subscribe`));
    expect(api).toContain('<a href="/">');
    const none = await pageOf(await post('email=c%40example.com&digest=on', ''));
    expect(none).toContain('<a href="/">');
  });

  it('answers the per-client limit with a page too, Retry-After kept', async () => {
    let answer: Response | undefined;
    for (let i = 0; i < 12; i += 1) {
      answer = await post(`email=flood${i}%40example.com&digest=on`);
      if (answer.status === 429) break;
      await answer.text();
    }
    expect(answer!.status).toBe(429);
    expect(answer!.headers.get('retry-after')).toBe('3600');
    expect(await pageOf(answer!)).toContain(`role="alert">${NEWSLETTER_MESSAGES.tooMany}</p>`);
  });

  it('still answers the script’s JSON post with JSON (the same limit counted)', async () => {
    const answer = await t.api.fetch('/api/newsletter/subscribe', { method: 'POST', body: JSON.stringify({ email: 'json@example.com', digest: true }), headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ error: NEWSLETTER_MESSAGES.tooMany });
  });
});
