import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa, { type Middleware } from 'koa';
import { trustForwardingOnlyWith } from './forwarding.js';
import { healthRoutes } from './health.js';
import { createLogger, type Logger } from './logger.js';
import { ServiceMetrics } from './metrics.js';
import { requestStage } from './request-context.js';
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

/**
 * A lane that answers a request from the server's raw `request` listener, before Koa builds a
 * context or runs a middleware: true when it took the request, false to leave it to Koa.
 */
export type FrontLane = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface ServiceAppOptions {
  /** X-Forwarded-For entries to trust (TRUSTED_PROXY_HOPS); 0: the socket's address is the client's. */
  proxyHops?: number;
  /** With proxyHops: X-Forwarded-For is believed only on requests carrying this secret (the gateway's). */
  forwardingSecret?: string;
  /** Serve /metrics on this app (services); the gateway, at the edge, does not. */
  exposeMetrics?: boolean;
  /**
   * In place of the chassis's request stage (requestStage: request id, error mapping, log line,
   * metrics): the gateway's edge stage, which is built of the same parts and adds the edge's own.
   */
  stage?: Middleware;
  /**
   * Asked first for every request (the gateway's view beacons): what it takes never reaches Koa.
   * Built with the app, so it may read the app's settings (the trusted proxies) through its
   * `request` prototype.
   */
  front?: (app: Koa) => FrontLane;
}

/**
 * A Koa app with the chassis's middleware in its one order: the request stage (request id, error
 * mapping, log line, metrics), /healthz and /readyz, /metrics. Routes go after it. A front lane,
 * when given, is asked before all of them.
 */
export function createServiceApp(runtime: ServiceRuntime, { proxyHops = 0, forwardingSecret, exposeMetrics = true, stage, front }: ServiceAppOptions = {}): Koa {
  const app = new Koa();
  app.proxy = proxyHops > 0;
  app.maxIpsCount = proxyHops;
  if (proxyHops > 0 && forwardingSecret) app.use(trustForwardingOnlyWith(forwardingSecret));
  app.use(stage ?? requestStage(runtime));
  app.use(healthRoutes(runtime.health));
  if (exposeMetrics) app.use(runtime.metrics.route());
  if (front) answerFirst(app, front(app));
  return app;
}

/** The app's callback (what `listen`, tests and any server serve) asks `lane` first and hands Koa what it leaves. */
function answerFirst(app: Koa, lane: FrontLane): void {
  const koaCallback = app.callback.bind(app);
  app.callback = () => {
    const handle = koaCallback();
    return (req, res) => (lane(req as IncomingMessage, res as ServerResponse) ? Promise.resolve() : handle(req, res));
  };
}
