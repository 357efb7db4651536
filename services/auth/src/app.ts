import Koa from 'koa';
import type { Knex } from 'knex';
import { AuditRepository, errorMiddleware, healthRoutes, requestContext, type Logger, type ReadinessCheck } from '@coinmag/service-kit';
import { createAdminRepository } from './admin/admin.repository.js';
import { authRoutes } from './admin/auth.routes.js';
import { createAuthService } from './admin/auth.service.js';
import { createLoginThrottle, DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from './admin/login-throttle.js';
import type { PasswordHasher } from './admin/password-hasher.js';
import type { AttemptStore } from './rate-limit/attempt-store.js';
import type { SigningKeys } from './signing-keys.js';
import { ADMIN_USERNAME, DEFAULT_ADMIN_PASSWORD } from './config.js';

export interface AuthAppDeps {
  db: Knex;
  attempts: AttemptStore;
  hasher: PasswordHasher;
  dummyHash: string;
  keys: SigningKeys;
  tokenTtlSeconds: number;
  log: Logger;
  limits?: ThrottleLimits;
  readiness?: Record<string, ReadinessCheck>;
  /** Defaults to the audit table in `db`. */
  audit?: AuditRepository;
}

export function createApp(deps: AuthAppDeps): Koa {
  const app = new Koa();
  // Only the gateway talks to this service. It sets X-Forwarded-For to the client's address;
  // taking the last entry means an address a client wrote itself is never the one counted.
  app.proxy = true;
  app.maxIpsCount = 1;

  const auth = createAuthService({
    admins: createAdminRepository(deps.db),
    hasher: deps.hasher,
    dummyHash: deps.dummyHash,
    throttle: createLoginThrottle(deps.attempts, deps.limits ?? DEFAULT_THROTTLE_LIMITS),
    keys: deps.keys,
    tokenTtlSeconds: deps.tokenTtlSeconds,
    defaultPassword: DEFAULT_ADMIN_PASSWORD,
    adminUsername: ADMIN_USERNAME,
    audit: deps.audit ?? new AuditRepository(deps.db, 'a'),
  });
  const routes = authRoutes(auth);

  app.use(requestContext(deps.log));
  app.use(errorMiddleware());
  app.use(healthRoutes({ database: () => deps.db.raw('select 1'), ...deps.readiness }));
  app.use(routes.routes());
  app.use(routes.allowedMethods());
  return app;
}
