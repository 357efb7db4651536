import { confirmAdminTokensWith, createTokenConfirmer, loadTokenPublicKey, runService } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { createApp } from './app.js';
import { loadNewsletterConfig } from './config.js';
import { migrateNewsletter, newsletterPendingMigrations } from './database.js';
import { LinkSigner } from './links/signed-links.js';
import { MailboxTransport } from './mail/mailbox-transport.js';
import { SmtpTransport } from './mail/smtp-transport.js';
import { PostgresEndOfDataLedger } from './sending/end-of-data-ledger.js';

void runService({
  name: 'newsletter',
  config: (env) => loadNewsletterConfig(env),
  async build({ config, runtime }) {
    const { log } = runtime;
    const publicKey = loadTokenPublicKey(config);
    const db = createDatabase({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX, log });
    if (config.NODE_ENV !== 'production') await migrateNewsletter(db, config.DB_SCHEMA, log);
    const secret = config.NEWSLETTER_LINK_SECRET ?? config.FORWARDING_SECRET;
    if (!secret) log.warn('neither NEWSLETTER_LINK_SECRET nor FORWARDING_SECRET is set: links in emails stop working when this process restarts');
    const signer = secret ? new LinkSigner(secret) : LinkSigner.ephemeral();
    const transport = config.NEWSLETTER_SMTP_URL
      ? new SmtpTransport({
          url: config.NEWSLETTER_SMTP_URL,
          from: config.NEWSLETTER_FROM,
          timeoutMs: config.NEWSLETTER_SMTP_TIMEOUT_MS,
          connections: config.NEWSLETTER_SMTP_CONNECTIONS,
          heloName: new URL(config.SITE_ORIGIN).hostname,
          openLedger: () => new PostgresEndOfDataLedger({ url: config.DATABASE_URL, schema: config.DB_SCHEMA }),
        })
      : new MailboxTransport(db, config.NEWSLETTER_FROM);
    const { app, sender } = createApp({
      db,
      transport,
      signer,
      publicKey,
      siteOrigin: config.SITE_ORIGIN,
      contentUrl: config.CONTENT_URL,
      sending: { ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE, batch: config.NEWSLETTER_BATCH, leaseMs: config.NEWSLETTER_LEASE_MS, pollMs: config.NEWSLETTER_POLL_MS, concurrency: config.NEWSLETTER_SMTP_CONNECTIONS },
      runtime,
      proxyHops: config.TRUSTED_PROXY_HOPS,
      forwardingSecret: config.FORWARDING_SECRET,
    });
    confirmAdminTokensWith(app, createTokenConfirmer({ authUrl: config.AUTH_URL, cacheMs: config.ADMIN_CONFIRM_CACHE_MS }));
    log.info({ transport: transport.kind, ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE }, transport.kind === 'smtp' ? 'emails sent through the SMTP relay' : 'no NEWSLETTER_SMTP_URL: emails written to the local mailbox (寄件匣)');
    return {
      app,
      pendingMigrations: () => newsletterPendingMigrations(db, config.DB_SCHEMA),
      start: () => sender.start(),
      drain: () => sender.stop(),
      close: [() => transport.close(), () => db.destroy()],
    };
  },
});
