import type Koa from 'koa';
import type { Knex } from 'knex';
import { createRuntime, createServiceApp, rejectUnsafeText, type DependencyProbe, type Logger, type ServiceRuntime } from '@coinmag/service-kit';
import { pingDatabase } from '@coinmag/service-kit/database';
import { AuditRepository } from '@coinmag/audit';
import { AdminRepository } from './admin/admin.repository.js';
import { authRoutes } from './admin/auth.routes.js';
import { AuthService } from './admin/auth.service.js';
import { SessionRepository } from './admin/session.repository.js';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle, type ThrottleLimits } from './admin/login-throttle.js';
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
  /** The chassis's log, health and metrics (runService's); tests get a fresh one. */
  runtime?: ServiceRuntime;
  /** Used when no runtime is given. */
  log?: Logger;
  /** Absolute limit of a sign-in session; default 12 hours. */
  sessionMaxAgeSeconds?: number;
  limits?: ThrottleLimits;
  /** Dependencies beyond Postgres that /readyz and the metrics report (Redis). */
  dependencies?: Record<string, DependencyProbe>;
  /**
   * X-Forwarded-For entries to trust (TRUSTED_PROXY_HOPS): 1 behind the gateway, which writes
   * the client's address there; 0 (default) counts the socket's address, so a caller that
   * reaches the service directly cannot pick the address its attempts are counted under.
   */
  proxyHops?: number;
  /** FORWARDING_SECRET: X-Forwarded-For is believed only on the gateway's requests. */
  forwardingSecret?: string;
  /** Defaults to the audit table in `db`. */
  audit?: AuditRepository;
}

export function createApp(deps: AuthAppDeps): Koa {
  const runtime = deps.runtime ?? createRuntime('auth', deps.log);
  runtime.health.addDependency('database', () => pingDatabase(deps.db));
  for (const [name, probe] of Object.entries(deps.dependencies ?? {})) runtime.health.addDependency(name, probe);
  // Behind the gateway, which sets X-Forwarded-For to the client's address, taking the last
  // entry (maxIpsCount = hops) means an address a client wrote itself is never the one counted.
  const app = createServiceApp(runtime, { proxyHops: deps.proxyHops ?? 0, forwardingSecret: deps.forwardingSecret });
  app.use(rejectUnsafeText());

  const auth = new AuthService(
    new AdminRepository(deps.db),
    new SessionRepository(deps.db),
    deps.audit ?? new AuditRepository(deps.db, 'a'),
    deps.hasher,
    new LoginThrottle(deps.attempts, deps.limits ?? DEFAULT_THROTTLE_LIMITS),
    deps.keys,
    {
      dummyHash: deps.dummyHash,
      tokenTtlSeconds: deps.tokenTtlSeconds,
      sessionMaxAgeSeconds: deps.sessionMaxAgeSeconds ?? 12 * 3600,
      defaultPassword: DEFAULT_ADMIN_PASSWORD,
      adminUsername: ADMIN_USERNAME,
    },
  );
  const routes = authRoutes(auth);

  app.use(routes.routes());
  app.use(routes.allowedMethods());
  return app;
}
