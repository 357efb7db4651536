import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignView } from '@coinmag/contracts';
import { createTestSigningKeys } from '@coinmag/service-kit/testing';
import { LINK_SECRET, SITE, startNewsletterTest, type NewsletterTest } from './support/newsletter-harness.js';
import { startSenderProcess, type SenderProcess } from './support/sender-process.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { addConfirmed } from './support/subscribers-fixture.js';
import { localhostCertificate } from './support/tls-fixture.js';

const N = 100;
const KILL_AT = 40;

let t: NewsletterTest;
let subscribers = 0;
beforeAll(async () => {
  t = await startNewsletterTest({ smtp: false });
});
afterAll(async () => t?.close());

/**
 * A campaign to N new subscribers through `sink`, its sending process (main.ts) SIGKILLed by the
 * sink, started again, and run to the end: what arrived, per Message-ID.
 */
async function campaignThroughACrash(sink: SmtpSink, connections: number, kill: (process: SenderProcess) => void, moreEnv: Record<string, string> = {}): Promise<{ digestId: number; first: SenderProcess }> {
  await t.db('subscribers').update({ digest: false });
  await addConfirmed(t.db, N, subscribers + 1);
  subscribers += N;
  const digest = (await (await t.api.fetch('/api/admin/newsletter/campaigns/digest', t.admin({ method: 'POST' }))).json()) as CampaignView;
  await t.api.fetch(`/api/admin/newsletter/campaigns/${digest.id}/send`, t.admin({ method: 'POST', body: '{}' }));
  const env = {
    DATABASE_URL: t.dbUrl,
    DB_SCHEMA: 'newsletter',
    NEWSLETTER_SMTP_URL: sink.url,
    NEWSLETTER_SMTP_CONNECTIONS: String(connections),
    NEWSLETTER_LEASE_MS: '1000',
    NEWSLETTER_POLL_MS: '50',
    NEWSLETTER_BATCH: '20',
    NEWSLETTER_RATE_PER_MINUTE: '600000',
    NEWSLETTER_LINK_SECRET: LINK_SECRET,
    SITE_ORIGIN: SITE,
    CONTENT_URL: t.content.url,
    JWT_PUBLIC_KEY: createTestSigningKeys().publicKey,
    ...moreEnv,
  };
  const first = await startSenderProcess(env);
  kill(first);
  expect(await first.exited).toBeNull();
  const second = await startSenderProcess(env);
  try {
    await sink.waitFor(N, 90_000);
    const until = Date.now() + 20_000;
    let state = '';
    while (Date.now() < until && state !== 'sent') {
      state = (await t.db('campaigns').where({ id: digest.id }).first()).state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('sent');
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
  return { digestId: digest.id, first };
}

async function expectEveryoneOnce(sink: SmtpSink, digestId: number): Promise<void> {
  expect(sink.acceptedCount).toBe(N);
  expect(sink.accepted.size).toBe(N);
  expect([...sink.accepted.entries()].filter(([, times]) => times > 1)).toEqual([]);
  const rows = await t.db('deliveries').where({ campaign_id: digestId }).select('status');
  expect(rows.filter((row: { status: string }) => row.status === 'sent')).toHaveLength(N);
}

/**
 * The relay has the email's whole data and holds its answer; the sender is killed 50 ms later,
 * the 250 never sent. The pause is the scheduler's, not the product's: on a loaded machine the
 * sender can be taken off the CPU between the write of its end of data and the write of its record
 * (the microseconds ADR 0020 leaves), and a kill fired by the relay at the instant it reads the end
 * would land in them. What this proves is that the record never waits for the answer: recorded at
 * the 250, this test sends the email twice every time.
 */
function killWhileTheRelayHolds(process: SenderProcess): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      process.child.kill('SIGKILL');
      resolve();
    }, 50),
  );
}

describe('a sending process killed mid-campaign', () => {
  it('killed while an email’s data is arriving: resumes after a restart, every subscriber gets it exactly once', { timeout: 120_000 }, async () => {
    let process: SenderProcess | undefined;
    // The 40th email's data is arriving when the process dies: the relay never accepts it.
    const sink = await startSmtpSink({ countOnly: true, onDataStart: (_to, count) => count === KILL_AT && process?.child.kill('SIGKILL') });
    try {
      const { digestId } = await campaignThroughACrash(sink, 1, (started) => (process = started));
      await expectEveryoneOnce(sink, digestId);
    } finally {
      process?.child.kill('SIGKILL');
      await sink.close();
    }
  });

  it('killed after the relay has an email’s whole data, before it answers (four connections): the email was recorded at its end of data and is not sent again', { timeout: 120_000 }, async () => {
    let process: SenderProcess | undefined;
    let killedOn: string | undefined;
    const sink = await startSmtpSink({
      countOnly: true,
      onDataEnd: (_to, count, messageId) => {
        if (count !== KILL_AT || !process) return;
        killedOn = messageId;
        return killWhileTheRelayHolds(process);
      },
    });
    try {
      const { digestId } = await campaignThroughACrash(sink, 4, (started) => (process = started));
      await expectEveryoneOnce(sink, digestId);
      // The email the process died on: recorded sent at its end of data, the relay's answer never seen.
      const id = Number(/^<d(\d+)\./.exec(killedOn ?? '')?.[1]);
      expect(await t.db('deliveries').where({ id }).first('status', 'smtp_response')).toEqual({ status: 'sent', smtp_response: null });
    } finally {
      process?.child.kill('SIGKILL');
      await sink.close();
    }
  });

  // One connection: over TLS the record leaves a loop step after the write (ADR 0020), and with
  // several connections a kill can land in another connection's step — the window the ADR keeps.
  it('killed after the relay has an email’s whole data over STARTTLS, where the write is reported done a loop step later: recorded, every subscriber once', { timeout: 120_000 }, async () => {
    let process: SenderProcess | undefined;
    const certificate = localhostCertificate('DNS:localhost,IP:127.0.0.1');
    const dir = mkdtempSync(join(tmpdir(), 'relay-ca-'));
    writeFileSync(join(dir, 'ca.pem'), certificate.cert);
    const sink = await startSmtpSink({
      countOnly: true,
      tls: certificate,
      onDataEnd: (_to, count) => (count === KILL_AT && process ? killWhileTheRelayHolds(process) : undefined),
    });
    try {
      const { digestId } = await campaignThroughACrash(sink, 1, (started) => (process = started), { NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') });
      await expectEveryoneOnce(sink, digestId);
    } finally {
      process?.child.kill('SIGKILL');
      await sink.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
