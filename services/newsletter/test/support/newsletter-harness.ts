import type { Knex } from 'knex';
import { pino } from 'pino';
import type { Logger } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { createTestDatabase, createTestSigningKeys, signTestAdminToken, startApp, type AppHarness, type TestDatabase } from '@coinmag/service-kit/testing';
import { createApp } from '../../src/app.js';
import { migrateNewsletter } from '../../src/database.js';
import { LinkSigner } from '../../src/links/signed-links.js';
import { MailboxTransport } from '../../src/mail/mailbox-transport.js';
import { SmtpTransport, type SmtpTransportOptions } from '../../src/mail/smtp-transport.js';
import { PostgresEndOfDataLedger } from '../../src/sending/end-of-data-ledger.js';
import type { MailTransport } from '../../src/mail/transport.js';
import type { CampaignsService } from '../../src/campaigns/campaigns.service.js';
import type { Sender } from '../../src/sending/sender.js';
import { demoArticle, startContentStandIn, type ContentStandIn } from './content-stand-in.js';
import { startSmtpSink, type SinkOptions, type SmtpSink } from './smtp-sink.js';

export const SITE = 'https://coinmag.example';
export const LINK_SECRET = 'newsletter-test-link-secret';

export interface NewsletterTest {
  api: AppHarness;
  db: Knex;
  dbUrl: string;
  sink?: SmtpSink;
  content: ContentStandIn;
  sender: Sender;
  campaigns: CampaignsService;
  signer: LinkSigner;
  adminToken: string;
  /** Every line the service logged (a test looks for addresses in them). */
  logLines: string[];
  admin(init?: RequestInit): RequestInit;
  /** Runs send passes until nothing is due. */
  sendAll(): Promise<void>;
  close(): Promise<void>;
}

export interface NewsletterTestOptions {
  /** Through a real SMTP server in this process (else the local mailbox). */
  smtp?: boolean;
  sink?: SinkOptions;
  ratePerMinute?: number;
  batch?: number;
}

export async function startNewsletterTest(options: NewsletterTestOptions = {}): Promise<NewsletterTest> {
  const database: TestDatabase = await createTestDatabase('cm_newsletter');
  const logLines: string[] = [];
  const log: Logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  const db = createDatabase({ url: database.url, schema: 'newsletter', poolMax: 6 });
  await migrateNewsletter(db, 'newsletter', log);
  const sink = options.smtp ? await startSmtpSink({ user: 'relay-user', password: 'relay-pass', ...options.sink }) : undefined;
  const transport: MailTransport = sink ? smtpTransport(database.url, sink.url) : new MailboxTransport(db, '幣圈新手誌 <newsletter@coinmag.example>');
  const content = await startContentStandIn([1, 2, 3, 4, 5, 6, 7].map((id) => demoArticle(id)));
  const keys = createTestSigningKeys();
  const signer = new LinkSigner(LINK_SECRET);
  const { app, sender, campaigns } = createApp({
    db,
    transport,
    signer,
    publicKey: keys.publicKey,
    siteOrigin: SITE,
    contentUrl: content.url,
    sending: { ratePerMinute: options.ratePerMinute ?? 600_000, batch: options.batch ?? 50, leaseMs: 60_000, pollMs: 50 },
    log,
  });
  const api = await startApp(app);
  const adminToken = signTestAdminToken(keys.privateKey);
  return {
    api,
    db,
    dbUrl: database.url,
    sink,
    content,
    sender,
    campaigns,
    signer,
    adminToken,
    logLines,
    admin: (init = {}) => ({ ...init, headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) } }),
    async sendAll() {
      for (let round = 0; round < 10_000; round += 1) {
        const { claimed } = await sender.pass();
        if (claimed === 0) return;
      }
    },
    async close() {
      await sender.stop();
      await api.close().catch(() => undefined);
      await transport.close();
      await sink?.close();
      await content.close();
      await db.destroy();
      await database.drop();
    },
  };
}

export const json = (body: unknown, method = 'POST', headers: Record<string, string> = {}): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

/** The confirmation link's token in an email's text. */
export function tokenIn(text: string, page: 'confirm' | 'manage' | 'unsubscribe'): string {
  const match = new RegExp(`/newsletter/${page}\\?t=([A-Za-z0-9._-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in the email`);
  return match[1]!;
}

/** The SMTP transport as main.ts builds it, each connection's ledger on the test database. */
export function smtpTransport(databaseUrl: string, smtpUrl: string, connections = 4, more: Partial<SmtpTransportOptions> = {}): SmtpTransport {
  return new SmtpTransport({
    url: smtpUrl,
    from: '幣圈新手誌 <newsletter@coinmag.example>',
    timeoutMs: 5000,
    connections,
    heloName: new URL(SITE).hostname,
    openLedger: () => new PostgresEndOfDataLedger({ url: databaseUrl, schema: 'newsletter' }),
    ...more,
  });
}
