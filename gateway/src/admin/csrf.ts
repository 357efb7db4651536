import type { Context } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { ForbiddenError } from '@coinmag/service-kit';

/** Every admin write the back office makes carries this header; a form or a simple cross-site request cannot. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'coinmag-admin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isWrite(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Refuses a request a page of another origin made the browser send: `Sec-Fetch-Site` (when the
 * browser sends it) must be same-origin, and `Origin` (when present) one of ours. Clients that
 * are not browsers send neither.
 */
export function assertSameOrigin(ctx: Context, allowedOrigins: readonly string[]): void {
  const site = ctx.get('sec-fetch-site');
  if (site && site !== 'same-origin') throw new ForbiddenError(API_MESSAGES.crossSiteRefused);
  const origin = ctx.get('origin');
  if (origin && !allowedOrigins.includes(origin.toLowerCase())) throw new ForbiddenError(API_MESSAGES.crossSiteRefused);
}

/** For writes authenticated by the cookie: same origin, and the back office's own header. */
export function assertAdminWrite(ctx: Context, allowedOrigins: readonly string[]): void {
  assertSameOrigin(ctx, allowedOrigins);
  if (ctx.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) throw new ForbiddenError(API_MESSAGES.crossSiteRefused);
}
