import { AuditRepository, ConfigError, createDatabase, createLogger, listen, shutdownOnSignals, startAuditRetention } from '@coinmag/service-kit';
import { createApp } from './app.js';
import { chooseAttemptStore } from './attempt-store-factory.js';
import { createArgon2Hasher, createDummyHash } from './admin/password-hasher.js';
import { prepareDatabase } from './bootstrap.js';
import { loadAuthConfig, tokenTtlSeconds } from './config.js';
import { resolveSigningKeys } from './signing-keys.js';

async function main() {
  const config = loadAuthConfig();
  const keys = resolveSigningKeys(config);
  const log = createLogger('auth', config.LOG_LEVEL);
  const db = createDatabase({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: 5 });
  const hasher = createArgon2Hasher();
  // Production migrates in a separate job (migrate.ts); development migrates at start.
  if (config.NODE_ENV !== 'production') {
    await prepareDatabase({ db, schema: config.DB_SCHEMA, hasher, log, adminPassword: config.ADMIN_PASSWORD });
  }
  const attempts = chooseAttemptStore(config.REDIS_URL);
  const audit = new AuditRepository(db, 'a');
  const app = createApp({
    audit,
    db,
    attempts: attempts.store,
    hasher,
    dummyHash: await createDummyHash(hasher),
    keys,
    tokenTtlSeconds: tokenTtlSeconds(config),
    log,
    readiness: attempts.ping ? { redis: attempts.ping } : {},
  });
  const running = await listen(app, config.PORT);
  log.info({ port: running.port, attemptStore: config.REDIS_URL ? 'redis' : 'memory' }, 'auth listening');
  const retention = startAuditRetention(audit, config.AUDIT_RETENTION_DAYS, log);
  shutdownOnSignals(running, log, [async () => retention.stop(), () => attempts.store.close(), () => db.destroy()]);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
