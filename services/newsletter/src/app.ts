import type Koa from 'koa';
import type { Knex } from 'knex';
import { createRuntime, createServiceApp, rejectUnsafeText, requireAdmin, type Logger, type ServiceRuntime } from '@coinmag/service-kit';
import { pingDatabase } from '@coinmag/service-kit/database';
import { adminRoutes } from './admin.routes.js';
import { CampaignsService } from './campaigns/campaigns.service.js';
import { ContentClient } from './campaigns/content-client.js';
import type { LinkSigner } from './links/signed-links.js';
import type { MailTransport } from './mail/transport.js';
import { SendBudget } from './sending/send-budget.js';
import { Sender } from './sending/sender.js';
import { AdminSubscribersService } from './subscribers/admin-subscribers.service.js';
import { subscribersRoutes } from './subscribers/subscribers.routes.js';
import { SubscribersService } from './subscribers/subscribers.service.js';

export interface NewsletterAppDeps {
  db: Knex;
  transport: MailTransport;
  signer: LinkSigner;
  /** The key admin tokens are checked with (訂閱者, 電子報). */
  publicKey: string;
  siteOrigin: string;
  contentUrl: string;
  sending: { ratePerMinute: number; batch: number; leaseMs: number; pollMs: number; concurrency?: number };
  runtime?: ServiceRuntime;
  log?: Logger;
  proxyHops?: number;
  forwardingSecret?: string;
}

/** How often unconfirmed addresses are expired and the week's digest draft looked for. */
const EXPIRY_EVERY_MS = 10 * 60_000;
/** The draft looked for again this soon after the content service failed (`npm start` starts it beside this one). */
const DIGEST_RETRY_MS = 60_000;

/** Builds the newsletter service's Koa app and its sender from their dependencies; never listens, never starts the sender (main.ts does). */
export function createApp(deps: NewsletterAppDeps): { app: Koa; sender: Sender; subscribers: SubscribersService; campaigns: CampaignsService } {
  const runtime = deps.runtime ?? createRuntime('newsletter', deps.log);
  runtime.health.addDependency('database', () => pingDatabase(deps.db));
  const app = createServiceApp(runtime, { proxyHops: deps.proxyHops ?? 0, forwardingSecret: deps.forwardingSecret });
  app.use(rejectUnsafeText());
  let sender: Sender | undefined;
  const wake = () => sender?.wake();
  const subscribers = new SubscribersService(deps.db, deps.signer, wake);
  const campaigns = new CampaignsService(deps.db, new ContentClient(deps.contentUrl, deps.siteOrigin), wake, runtime.log);
  let lastExpiry = 0;
  let nextDigestLook = 0;
  sender = new Sender({
    db: deps.db,
    transport: deps.transport,
    budget: new SendBudget(deps.db, deps.sending.ratePerMinute, deps.sending.batch),
    signer: deps.signer,
    siteOrigin: deps.siteOrigin,
    batch: deps.sending.batch,
    leaseMs: deps.sending.leaseMs,
    pollMs: deps.sending.pollMs,
    concurrency: deps.sending.concurrency ?? (deps.transport.kind === 'smtp' ? 4 : 1),
    log: runtime.log,
    beforePass: async () => {
      await campaigns.queueDue();
      if (Date.now() - lastExpiry > EXPIRY_EVERY_MS) {
        lastExpiry = Date.now();
        await subscribers.expirePending();
      }
      if (Date.now() >= nextDigestLook) {
        // Never in the way of sending: without the content service the week's draft waits a minute.
        nextDigestLook = Date.now() + DIGEST_RETRY_MS;
        await campaigns.draftWeeklyDigest().then(
          () => (nextDigestLook = Date.now() + EXPIRY_EVERY_MS),
          (err: unknown) => runtime.log.warn({ err }, 'the week’s digest not drafted yet: content unreachable'),
        );
      }
    },
  });
  const publicRoutes = subscribersRoutes(subscribers);
  app.use(publicRoutes.routes());
  app.use(publicRoutes.allowedMethods());
  const admin = adminRoutes(new AdminSubscribersService(deps.db), campaigns, requireAdmin(deps.publicKey), deps.siteOrigin);
  app.use(admin.routes());
  app.use(admin.allowedMethods());
  return { app, sender, subscribers, campaigns };
}
