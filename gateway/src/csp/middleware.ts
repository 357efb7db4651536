import type { Context } from 'koa';
import { SUBRESOURCE_STATE } from '../security-headers.js';
import { adminPolicy, NON_HTML_POLICY, publicPolicyFor, reportingEndpoints, type CspOptions } from './policy.js';

const ADMIN_PAGE = /^\/admin(\/|$)/i;
/** `ctx.response.is('html')` without parsing the media type on every answer. */
const HTML_TYPE = /^\s*text\/html\s*(;|$)/i;

/**
 * Once an answer is known and not yet sent, the policy that fits it: the strict one on /admin
 * pages, the nonce one (`ctx.state.cspNonce`) on every other page, none on a script, stylesheet
 * or font, and the "nothing runs" one on everything else. (The edge stage sets the last one
 * before the answer is made, so an answer written directly carries it too.)
 */
export function policySettler(options: CspOptions): (ctx: Context) => void {
  const pagePolicy = pagePolicySetter(options);
  return (ctx) => {
    if (ctx.headerSent) return;
    if (HTML_TYPE.test(String(ctx.res.getHeader('content-type') ?? ''))) {
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
  const publicPolicy = publicPolicyFor(options);
  return (ctx) => {
    ctx.set('Content-Security-Policy', ADMIN_PAGE.test(ctx.path) ? admin : publicPolicy(ctx.state.cspNonce!));
    ctx.set('Reporting-Endpoints', endpoints);
  };
}

/**
 * A public page's policy headers as a flat [name, value, …] list for writeHead, for an answer
 * written in one go (the edge's fresh cached page): what pagePolicySetter sets on a public page.
 */
export function publicPageHeaderList(options: CspOptions): (nonce: string) => string[] {
  const endpoints = reportingEndpoints();
  const publicPolicy = publicPolicyFor(options);
  return (nonce) => ['Content-Security-Policy', publicPolicy(nonce), 'Reporting-Endpoints', endpoints];
}
