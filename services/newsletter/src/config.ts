import { z } from 'zod';
import { ConfigError, databaseEnv, loadConfig, serviceEnv, tokenConfirmEnv, tokenKeyEnv } from '@coinmag/service-kit';

/** smtp:// (STARTTLS when offered) or smtps:// (TLS from the first byte), user and password in the URL. */
const smtpUrl = z
  .string()
  .url()
  .refine((value) => /^smtps?:\/\//i.test(value), 'use smtp://user:password@host:587 or smtps://user:password@host:465');

export const newsletterConfigSchema = z.object({
  ...serviceEnv(4005),
  ...databaseEnv('newsletter', 5),
  /** The admin's screens (訂閱者, 電子報) are reached with an admin token, checked with this key and confirmed with AUTH_URL. */
  ...tokenKeyEnv,
  ...tokenConfirmEnv,
  /**
   * The SMTP relay, one setting with its TLS and authentication: smtps://user:pass@smtp.example:465
   * or smtp://user:pass@smtp.example:587 (STARTTLS). Unset: every email is written to the local
   * mailbox the back office shows (寄件匣), nothing is sent.
   */
  NEWSLETTER_SMTP_URL: smtpUrl.optional(),
  /** The sender every email names: `幣圈新手誌 <newsletter@example.com>`. */
  NEWSLETTER_FROM: z
    .string()
    .max(200)
    .refine((value) => !/[\r\n]/.test(value), 'must be one line')
    .default('幣圈新手誌 <newsletter@localhost>'),
  /** The site's public origin: the links in every email and the one-click unsubscribe URL. */
  SITE_ORIGIN: z
    .string()
    .url()
    .refine((value) => /^https?:\/\/[^/?#]+\/?$/i.test(value), 'use an origin such as https://coinmag.example, with no path')
    .transform((value) => new URL(value).origin)
    .default('http://localhost:8080'),
  /** Where the content service is (articles for the digest and for a publication's email). */
  CONTENT_URL: z.string().url().default('http://127.0.0.1:4002'),
  /** Emails per minute this service sends at most (all replicas together share the limit through Postgres). */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(600_000).default(600),
  /** SMTP connections kept open to the relay, each carrying one email at a time (and each with a Postgres connection of its own: the end-of-data ledger). */
  NEWSLETTER_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(4),
  /** Deliveries one pass claims. */
  NEWSLETTER_BATCH: z.coerce.number().int().min(1).max(1000).default(50),
  /** How long a claim lasts: a replica that dies mid-batch leaves its claims to others after this. */
  NEWSLETTER_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** How often an idle sender looks for work. */
  NEWSLETTER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long the relay may stay silent (connect, greeting, a command); past it the delivery is retried. The answer to an email's end of data gets at least 10 minutes (RFC 5321 §4.5.3.2.6). */
  NEWSLETTER_SMTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(30_000),
  /**
   * The key the links in emails are signed with (HMAC); unset, it is derived from
   * FORWARDING_SECRET. One of the two is required in production: a link must outlive a restart.
   */
  NEWSLETTER_LINK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
});
export type NewsletterConfig = z.infer<typeof newsletterConfigSchema>;

/** `signsLinks`: false for the migration step, which signs no link and is given no secret. */
export function loadNewsletterConfig(env: NodeJS.ProcessEnv = process.env, { signsLinks = true } = {}): NewsletterConfig {
  const config = loadConfig(newsletterConfigSchema, env);
  if (signsLinks && config.NODE_ENV === 'production' && !config.NEWSLETTER_LINK_SECRET && !config.FORWARDING_SECRET) {
    throw new ConfigError('Invalid configuration: NEWSLETTER_LINK_SECRET: is required in production (or FORWARDING_SECRET, which it is derived from)');
  }
  return config;
}
