import { z } from 'zod';
import { ARTICLE_BODY_DEFAULTS } from './articles/article-body-pool.js';
import { WORDPRESS_IMAGE_BUDGET_DEFAULTS } from './wordpress/image-budget.js';
import { databaseEnv, redisEnv, serviceEnv, tokenConfirmEnv, tokenKeyEnv } from '@coinmag/service-kit';

export const contentConfigSchema = z.object({
  ...serviceEnv(4002),
  ...databaseEnv('content'),
  ...redisEnv,
  /** Keeps this site's keys apart when one Redis serves several. */
  REDIS_KEY_PREFIX: z.string().max(50).default('coinmag:content:'),
  /** How often counted views are written to Postgres. */
  VIEW_FLUSH_INTERVAL_MS: z.coerce.number().int().min(200).max(60_000).default(3000),
  /** One view per reader (address + user agent) per article in this many minutes. */
  VIEW_READER_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** Beacons one address may send per minute; past it they are answered but not counted. */
  VIEW_BEACONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Views one address may add to one article per window (distinct readers behind one NAT). */
  VIEW_READERS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Views are kept by hour for this many Taipei days, then by day for good (checked hourly). */
  VIEW_HOURS_RETENTION_DAYS: z.coerce.number().int().min(2).max(3650).default(90),
  /** Worker threads that sanitise article bodies off the event loop. */
  ARTICLE_BODY_WORKERS: z.coerce.number().int().min(1).max(16).default(ARTICLE_BODY_DEFAULTS.size),
  /** How long one article body may take in a worker before the save is refused (400) and the worker replaced. */
  ARTICLE_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(ARTICLE_BODY_DEFAULTS.timeoutMs),
  /** Saves that may wait for a busy worker; beyond that, 503 with Retry-After. */
  ARTICLE_BODY_QUEUE: z.coerce.number().int().min(0).max(1000).default(ARTICLE_BODY_DEFAULTS.maxQueue),
  MEDIA_URL: z.string().url().default('http://127.0.0.1:4003'),
  /** AUTH_URL: the auth service — confirms admin tokens, and its sign-in log is merged into the audit list. */
  ...tokenConfirmEnv,
  /** Audit entries older than this many days are deleted (checked hourly). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Searches and missing pages are kept by day for this many Taipei days (checked hourly). */
  READER_NUMBERS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  ...tokenKeyEnv,
  SEED_DEMO: z.enum(['true', 'false']).default('false'),
  /** Where uploaded WordPress exports are kept until imported (default DATA_DIR/wordpress-imports). */
  WORDPRESS_IMPORT_DIR: z.string().optional(),
  /** Hosts (name or name:port, comma-separated) whose private or loopback addresses an import may fetch images from. */
  WORDPRESS_IMAGE_ALLOWED_HOSTS: z.string().default(''),
  /** One image fetch from the old site, redirects included. */
  WORDPRESS_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  WORDPRESS_IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(20 * 1024 * 1024),
  /** Images fetched from the old site at once. */
  WORDPRESS_IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  /** How long one post's mapping (shortcodes, HTML, images) may take in the worker; past it the post is reported and left out. */
  /** Images of one import job are fetched until this long after it started; the rest are reported, not fetched. */
  WORDPRESS_IMAGE_DEADLINE_MS: z.coerce.number().int().min(60_000).max(7 * 24 * 60 * 60 * 1000).default(WORDPRESS_IMAGE_BUDGET_DEFAULTS.deadlineMs),
  /** After this many timeouts or failed connections in a row, a host's other images are skipped and reported. */
  WORDPRESS_IMAGE_HOST_FAILURES: z.coerce.number().int().min(1).max(1000).default(WORDPRESS_IMAGE_BUDGET_DEFAULTS.hostFailures),
  WORDPRESS_MAPPING_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The site's public origin: absolute article URLs in webhook payloads; IndexNow needs it. */
  SITE_ORIGIN: z.string().url().optional(),
  /** IndexNow's endpoint (e.g. https://api.indexnow.org/indexnow); off when unset. The key is in the settings. */
  INDEXNOW_ENDPOINT: z.string().url().optional(),
  /** One webhook or IndexNow request, connection to answer. */
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  /** Hosts (name or name:port, comma-separated) whose private or loopback addresses webhooks may reach. */
  OUTBOUND_ALLOWED_HOSTS: z.string().default(''),
});
export type ContentConfig = z.infer<typeof contentConfigSchema>;
