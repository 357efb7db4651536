// 電子報 in the compose stack, sending through the SMTP sink container (test/compose/standins.yml)
// as it would through an operator's relay: a reader subscribes through the gateway, exactly one
// confirmation arrives, to that address, and its signed link confirms the subscription through
// the gateway.
import assert from 'node:assert/strict';
import { simpleParser } from 'mailparser';
import { SMTP_SINK_HTTP_PORT } from '../standins/ports.js';
import type { Checks, Journey } from './journey.js';
import { sleep } from './shell.js';
import type { ComposeStack } from './stack.js';

const READER = 'compose-reader@example.com';
/** The sender polls its outbox every second (NEWSLETTER_POLL_MS): a confirmation is out well within this. */
const ARRIVES_WITHIN_MS = 30_000;
/** After the first arrived: long enough for a duplicate to arrive too. */
const DUPLICATE_WINDOW_MS = 5_000;

interface Arrived {
  to: string;
  raw: string;
}

function arrived(stack: ComposeStack): Arrived[] {
  const script = `fetch('http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/messages').then(async (r) => process.stdout.write(await r.text()), (e) => { console.error(e.message); process.exit(1); })`;
  const out = stack.exec('smtp-sink', ['node', '-e', script]);
  assert.equal(out.code, 0, `reading the SMTP sink: ${out.stderr}`);
  return JSON.parse(out.stdout) as Arrived[];
}

export async function newsletterThroughTheRelay(stack: ComposeStack, journey: Journey, checks: Checks): Promise<void> {
  let confirmUrl = '';
  await checks.check('a reader subscribes through the gateway: exactly one confirmation arrives at the SMTP sink, to that address, with a signed link to the site', async () => {
    assert.deepEqual(arrived(stack), [], 'the sink had mail before anyone subscribed');
    const res = await fetch(`${journey.baseUrl}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: READER, digest: true }),
      signal: AbortSignal.timeout(20_000),
    });
    assert.equal(res.status, 202, `subscribe: ${res.status} ${await res.text()}`);
    const deadline = Date.now() + ARRIVES_WITHIN_MS;
    while (arrived(stack).length === 0) {
      assert.ok(Date.now() < deadline, `no email at the sink ${ARRIVES_WITHIN_MS / 1000} s after subscribing`);
      await sleep(500);
    }
    await sleep(DUPLICATE_WINDOW_MS);
    const mails = arrived(stack);
    assert.equal(mails.length, 1, `${mails.length} emails arrived: ${mails.map((m) => m.to).join(', ')}`);
    assert.equal(mails[0]!.to, READER);
    const raw = Buffer.from(mails[0]!.raw, 'base64');
    const parsed = await simpleParser(raw);
    assert.equal(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : undefined, READER, 'the To header');
    assert.equal(parsed.subject, '請確認訂閱幣圈新手誌電子報');
    // mailparser folds the List-* headers into one object: read RFC 8058's in the message as sent.
    assert.match(raw.toString('utf8').replace(/\r\n[ \t]+/g, ' '), /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = new RegExp(`${journey.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/newsletter/confirm\\?t=[A-Za-z0-9._~-]+`).exec(parsed.text ?? '')?.[0];
    assert.ok(link, `no confirmation link to ${journey.baseUrl} in the text part:\n${parsed.text}`);
    assert.ok(parsed.html && parsed.html.includes(link), 'the HTML part carries the same link');
    confirmUrl = link;
  });
  await checks.check('the confirmation link works through the gateway: its page, its state (pending), the confirmation, then confirmed', async () => {
    const page = await fetch(confirmUrl, { signal: AbortSignal.timeout(20_000) });
    assert.equal(page.status, 200, `GET ${confirmUrl}`);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const token = new URL(confirmUrl).searchParams.get('t')!;
    const state = await journey.json<{ purpose: string; status: string }>(`/api/newsletter/link?t=${encodeURIComponent(token)}`);
    assert.deepEqual([state.purpose, state.status], ['confirm', 'pending']);
    const confirmed = await fetch(`${journey.baseUrl}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await confirmed.json()) as { status: string; message: string };
    assert.equal(confirmed.status, 200, JSON.stringify(body));
    assert.equal(body.status, 'confirmed');
    const after = await journey.json<{ status: string }>(`/api/newsletter/link?t=${encodeURIComponent(token)}`);
    assert.equal(after.status, 'confirmed');
  });
}
