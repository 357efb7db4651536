import Koa, { type Middleware } from 'koa';
import { errorMiddleware } from './error-middleware.js';
import { trustForwardingOnlyWith } from './forwarding.js';
import { healthRoutes } from './health.js';
import { createLogger, type Logger } from './logger.js';
import { ServiceMetrics } from './metrics.js';
import { requestContext } from './request-context.js';
import { ServiceHealth } from './service-health.js';

/** What a running deployable shares with its app: its log, its health and its metrics. */
export interface ServiceRuntime {
  name: string;
  log: Logger;
  health: ServiceHealth;
  metrics: ServiceMetrics;
}

/** A runtime for an app outside runService (tests): ready at once, no process metrics. */
export function createRuntime(name: string, log: Logger = createLogger(name, 'silent'), phase: ServiceHealth['phase'] = 'serving'): ServiceRuntime {
  const health = new ServiceHealth(log, phase);
  return { name, log, health, metrics: new ServiceMetrics(name, health) };
}

export interface ServiceAppOptions {
  /** X-Forwarded-For entries to trust (TRUSTED_PROXY_HOPS); 0: the socket's address is the client's. */
  proxyHops?: number;
  /** With proxyHops: X-Forwarded-For is believed only on requests carrying this secret (the gateway's). */
  forwardingSecret?: string;
  /** Serve /metrics on this app (services); the gateway, at the edge, does not. */
  exposeMetrics?: boolean;
  /** Middleware that runs before everything else (e.g. the gateway's security headers). */
  first?: Middleware[];
}

/**
 * A Koa app with the chassis's middleware in its one order: request id and log line,
 * metrics, the error middleware, /healthz and /readyz, /metrics. Routes go after it.
 */
export function createServiceApp(runtime: ServiceRuntime, { proxyHops = 0, forwardingSecret, exposeMetrics = true, first = [] }: ServiceAppOptions = {}): Koa {
  const app = new Koa();
  app.proxy = proxyHops > 0;
  app.maxIpsCount = proxyHops;
  if (proxyHops > 0 && forwardingSecret) app.use(trustForwardingOnlyWith(forwardingSecret));
  for (const middleware of first) app.use(middleware);
  app.use(requestContext(runtime.log));
  app.use(runtime.metrics.middleware());
  app.use(errorMiddleware());
  app.use(healthRoutes(runtime.health));
  if (exposeMetrics) app.use(runtime.metrics.route());
  return app;
}
