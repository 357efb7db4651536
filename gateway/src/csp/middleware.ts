import type { Middleware } from 'koa';
import { newCspNonce } from './nonce.js';
import { adminPolicy, NON_HTML_POLICY, publicPolicy, reportingEndpoints, type CspOptions } from './policy.js';

const ADMIN_PAGE = /^\/admin(\/|$)/i;

/**
 * Gives each request a fresh nonce (`ctx.state.cspNonce`) and, once the response is known,
 * the policy that fits it: the strict one on /admin pages, the nonce one on every other page,
 * and a "nothing runs" one on everything that is not HTML.
 */
export function contentSecurityPolicy(options: CspOptions): Middleware {
  const admin = adminPolicy(options);
  const endpoints = reportingEndpoints();
  return async (ctx, next) => {
    const nonce = newCspNonce();
    ctx.state.cspNonce = nonce;
    await next();
    if (ctx.response.is('html')) {
      ctx.set('Content-Security-Policy', ADMIN_PAGE.test(ctx.path) ? admin : publicPolicy(nonce, options));
      ctx.set('Reporting-Endpoints', endpoints);
    } else {
      ctx.set('Content-Security-Policy', NON_HTML_POLICY);
    }
  };
}
