import type { Middleware } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { NON_HTML_POLICY } from '../csp/policy.js';
import { setSecurityHeaders } from '../security-headers.js';
import { BUSY_RETRY_AFTER_SECONDS } from './limits-config.js';

/**
 * The first middleware: at most `perClient` requests of one client address (as the trusted
 * proxies say, see TRUSTED_PROXY_HOPS) in flight at once, counted until each answer is sent
 * or its connection closes; one more is 429 with Retry-After, before anything else runs.
 */
export function capRequestsPerClient(perClient: number): Middleware {
  const inFlight = new Map<string, number>();
  return async (ctx, next) => {
    if (perClient <= 0) return next();
    const address = ctx.ip;
    const count = inFlight.get(address) ?? 0;
    if (count >= perClient) {
      setSecurityHeaders(ctx.res);
      ctx.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      ctx.set('Content-Security-Policy', NON_HTML_POLICY);
      ctx.status = 429;
      ctx.body = { error: API_MESSAGES.tooManyRequests };
      return;
    }
    inFlight.set(address, count + 1);
    ctx.res.once('close', () => {
      const left = (inFlight.get(address) ?? 1) - 1;
      if (left <= 0) inFlight.delete(address);
      else inFlight.set(address, left);
    });
    return next();
  };
}
