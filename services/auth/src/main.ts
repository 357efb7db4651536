import { runService } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { AuditRepository, startAuditRetention } from '@coinmag/audit';
import { createApp } from './app.js';
import { createAttemptStore } from './rate-limit/create-attempt-store.js';
import { Argon2Hasher, createDummyHash } from './admin/password-hasher.js';
import { authPendingMigrations, prepareDatabase } from './database.js';
import { loadAuthConfig, sessionMaxAgeSeconds, tokenTtlSeconds } from './config.js';
import { resolveSigningKeys } from './signing-keys.js';

void runService({
  name: 'auth',
  config: (env) => loadAuthConfig(env),
  async build({ config, runtime }) {
    const keys = resolveSigningKeys(config);
    const db = createDatabase({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX, log: runtime.log });
    const hasher = new Argon2Hasher();
    // Production migrates in a separate job (migrate.ts); development migrates at start.
    if (config.NODE_ENV !== 'production') {
      await prepareDatabase({ db, schema: config.DB_SCHEMA, hasher, log: runtime.log, adminPassword: config.ADMIN_PASSWORD });
    }
    const attempts = createAttemptStore(config, runtime);
    runtime.log.info({ attemptStore: attempts.kind }, 'login attempts counted in ' + attempts.kind);
    const audit = new AuditRepository(db, 'a');
    const app = createApp({
      audit,
      db,
      attempts: attempts.store,
      hasher,
      dummyHash: await createDummyHash(hasher),
      keys,
      tokenTtlSeconds: tokenTtlSeconds(config),
      sessionMaxAgeSeconds: sessionMaxAgeSeconds(config),
      runtime,
      proxyHops: config.TRUSTED_PROXY_HOPS,
      forwardingSecret: config.FORWARDING_SECRET,
      dependencies: attempts.ping ? { redis: attempts.ping } : {},
    });
    let retention: ReturnType<typeof startAuditRetention> | undefined;
    return {
      app,
      pendingMigrations: () => authPendingMigrations(db, config.DB_SCHEMA),
      start() {
        retention = startAuditRetention(audit, config.AUDIT_RETENTION_DAYS, runtime.log);
      },
      close: [async () => retention?.stop(), () => attempts.store.close(), () => db.destroy()],
    };
  },
});
