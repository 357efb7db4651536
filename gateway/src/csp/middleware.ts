import type { Context, Middleware } from 'koa';
import { SUBRESOURCE_STATE } from '../security-headers.js';
import { newCspNonce } from './nonce.js';
import { adminPolicy, NON_HTML_POLICY, publicPolicy, reportingEndpoints, type CspOptions } from './policy.js';

const ADMIN_PAGE = /^\/admin(\/|$)/i;
/** `ctx.response.is('html')` without parsing the media type on every answer. */
const HTML_TYPE = /^\s*text\/html\s*(;|$)/i;

/**
 * Gives each request a fresh nonce (`ctx.state.cspNonce`, made when first read: most answers are
 * not pages and never need one) and, once the response is known,
 * the policy that fits it: the strict one on /admin pages, the nonce one on every other page,
 * and a "nothing runs" one on everything that is not HTML.
 */
export function contentSecurityPolicy(options: CspOptions): Middleware {
  const pagePolicy = pagePolicySetter(options);
  return async (ctx, next) => {
    let nonce: string | undefined;
    Object.defineProperty(ctx.state, 'cspNonce', {
      configurable: true,
      enumerable: true,
      get: () => (nonce ??= newCspNonce()),
      set: (value: string) => (nonce = value),
    });
    // Set first, so an answer written before this stage resumes (the edge's lanes) carries it too.
    ctx.res.setHeader('Content-Security-Policy', NON_HTML_POLICY);
    await next();
    if (ctx.headerSent) return;
    if (HTML_TYPE.test(ctx.response.get('Content-Type'))) {
      pagePolicy(ctx);
    } else if (ctx.state[SUBRESOURCE_STATE]) {
      // A script, stylesheet or font is never a document, where this policy would act.
      ctx.res.removeHeader('Content-Security-Policy');
    } else {
      ctx.set('Content-Security-Policy', NON_HTML_POLICY);
    }
  };
}

/** Sets a page's policy (strict on /admin, else with the response's nonce) and its report endpoint. */
export function pagePolicySetter(options: CspOptions): (ctx: Context) => void {
  const admin = adminPolicy(options);
  const endpoints = reportingEndpoints();
  return (ctx) => {
    ctx.set('Content-Security-Policy', ADMIN_PAGE.test(ctx.path) ? admin : publicPolicy(ctx.state.cspNonce!, options));
    ctx.set('Reporting-Endpoints', endpoints);
  };
}
