import type { Middleware } from 'koa';
import type { ServiceHealth } from './service-health.js';

const PHASE_TEXT = { starting: 'starting', serving: 'ready', draining: 'shutting down' } as const;

/**
 * /healthz: the process answers (liveness). /readyz: this process can take traffic — it has
 * started, its schema is migrated and it is not shutting down. Dependencies are reported in
 * the body (and the metrics), never as a 503: a pod that serves from its cache stays in.
 */
export function healthRoutes(health: ServiceHealth): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/healthz') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path !== '/readyz') return next();
    const checks = await health.check();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = health.phase === 'serving' ? 200 : 503;
    ctx.body = { status: PHASE_TEXT[health.phase], checks };
  };
}
