import { z } from 'zod';
import { logLevelSchema, nodeEnvSchema, portSchema } from '@coinmag/service-kit';

export const contentConfigSchema = z.object({
  NODE_ENV: nodeEnvSchema,
  PORT: portSchema.default(4002),
  LOG_LEVEL: logLevelSchema,
  DATABASE_URL: z.string({ required_error: 'is required (postgres://user:pass@host:5432/db)' }).url(),
  DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('content'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.string().url().optional(),
  /** Keeps this site's keys apart when one Redis serves several. */
  REDIS_KEY_PREFIX: z.string().max(50).default('coinmag:content:'),
  /** How often counted views are written to Postgres. */
  VIEW_FLUSH_INTERVAL_MS: z.coerce.number().int().min(200).max(60_000).default(3000),
  MEDIA_URL: z.string().url().default('http://127.0.0.1:4003'),
  /** The auth service, whose sign-in log the back office's audit list merges in. */
  AUTH_URL: z.string().url().default('http://127.0.0.1:4001'),
  /** Audit entries older than this many days are deleted (checked hourly). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('false'),
});
export type ContentConfig = z.infer<typeof contentConfigSchema>;
