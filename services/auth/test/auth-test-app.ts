import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { createLogger, listen } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { createTestDatabase } from '@coinmag/service-kit/testing';
import { createApp } from '../src/app.js';
import { AdminRepository } from '../src/admin/admin.repository.js';
import type { ThrottleLimits } from '../src/admin/login-throttle.js';
import { Argon2Hasher, createDummyHash, type PasswordHasher } from '../src/admin/password-hasher.js';
import { prepareDatabase } from '../src/database.js';
import { RedisAttemptStore } from '../src/rate-limit/redis-attempt-store.js';
import type { SigningKeys } from '../src/signing-keys.js';

export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface AuthTestApp {
  url: string;
  db: Knex;
  admins: AdminRepository;
  keys: SigningKeys;
  hasher: PasswordHasher;
  close(): Promise<void>;
}

export function generateSigningKeys(): SigningKeys {
  return generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}

/** Deletes every key under a prefix (test clean-up only). */
export async function deleteRedisPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/**
 * The real auth app over a fresh Postgres database and a private Redis key prefix,
 * listening on a free port. `hasher` lets a test observe the real argon2 calls.
 */
export async function startAuthTestApp(options: { hasher?: PasswordHasher; limits?: ThrottleLimits } = {}): Promise<AuthTestApp> {
  const database = await createTestDatabase('cm_auth');
  const db = createDatabase({ url: database.url, schema: 'auth', poolMax: 4 });
  const hasher = options.hasher ?? new Argon2Hasher();
  const log = createLogger('auth-test', 'silent');
  await prepareDatabase({ db, schema: 'auth', hasher, log, adminPassword: undefined });
  const redis = new Redis(REDIS_TEST_URL);
  const prefix = `cm_test:auth:${randomUUID()}:`;
  const keys = generateSigningKeys();
  const app = createApp({
    db,
    attempts: new RedisAttemptStore(redis, prefix),
    hasher,
    dummyHash: await createDummyHash(hasher),
    keys,
    tokenTtlSeconds: 3600,
    log,
    limits: options.limits,
    // As behind the gateway, which writes the client's address into X-Forwarded-For.
    proxyHops: 1,
  });
  const running = await listen(app, 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${running.port}`,
    db,
    admins: new AdminRepository(db),
    keys,
    hasher,
    async close() {
      await running.close();
      await deleteRedisPrefix(redis, prefix);
      await redis.quit();
      await db.destroy();
      await database.drop();
    },
  };
}

let ipCounter = 0;
/** A distinct client address per call, so one test's failures never lock out another's. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export async function login(baseUrl: string, username: string, password: string, ip: string, path = '/api/admin/login'): Promise<Response> {
  return postJson(`${baseUrl}${path}`, { username, password }, { 'x-forwarded-for': ip });
}
