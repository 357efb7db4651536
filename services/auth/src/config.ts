import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@coinmag/contracts';
import { ConfigError, databaseEnv, loadConfig, redisEnv, serviceEnv } from '@coinmag/service-kit';
import { parseDurationSeconds } from './duration.js';

/**
 * The documented development default for the admin password. Used only when ADMIN_PASSWORD
 * is unset outside production; the account remembers it so the back office can warn.
 */
export const DEFAULT_ADMIN_PASSWORD = 'admin12345';
export const ADMIN_USERNAME = 'admin';

export const authConfigSchema = z.object({
  ...serviceEnv(4001),
  /** DB_SCHEMA: the Postgres schema this service owns inside the shared database. */
  ...databaseEnv('auth', 5),
  /** REDIS_URL absent: login attempts are counted in process (one replica only). */
  ...redisEnv,
  /** Where the development signing key pair is made when no key is configured. */
  DATA_DIR: z.string().default('./data'),
  ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(1000).optional(),
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PRIVATE_KEY_FILE: z.string().optional(),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  /** Audit entries older than this many days are deleted (checked hourly). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** One token's life: an admin idle this long is signed out; activity renews it. */
  TOKEN_TTL: z
    .string()
    .default('20m')
    .refine((value) => parseDurationSeconds(value) !== undefined, 'use a duration such as 3600, 30m, 12h or 7d'),
  /** A sign-in ends this long after it began, however active the admin. */
  SESSION_MAX_AGE: z
    .string()
    .default('12h')
    .refine((value) => parseDurationSeconds(value) !== undefined, 'use a duration such as 3600, 30m, 12h or 7d'),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/**
 * Parses the environment; in production a missing admin password or signing key stops the
 * start. The migration job (`purpose: 'migrate'`) signs nothing, so it needs no key.
 */
export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env, purpose: 'serve' | 'migrate' = 'serve'): AuthConfig {
  const config = loadConfig(authConfigSchema, env);
  if (config.NODE_ENV === 'production') {
    const hasKey = Boolean(config.JWT_PRIVATE_KEY || config.JWT_PRIVATE_KEY_FILE) || purpose === 'migrate';
    const missing = [...(config.ADMIN_PASSWORD ? [] : ['ADMIN_PASSWORD']), ...(hasKey ? [] : ['JWT_PRIVATE_KEY (or JWT_PRIVATE_KEY_FILE)'])];
    if (missing.length > 0) {
      throw new ConfigError(`Refusing to start in production: set ${missing.join(' and ')}; there is no default admin password or signing key in production.`);
    }
    if (config.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
      throw new ConfigError('Refusing to start in production: ADMIN_PASSWORD is the published development default; choose another.');
    }
  }
  return config;
}

export function tokenTtlSeconds(config: Pick<AuthConfig, 'TOKEN_TTL'>): number {
  return parseDurationSeconds(config.TOKEN_TTL) ?? 20 * 60;
}

export function sessionMaxAgeSeconds(config: Pick<AuthConfig, 'SESSION_MAX_AGE'>): number {
  return parseDurationSeconds(config.SESSION_MAX_AGE) ?? 12 * 3600;
}
