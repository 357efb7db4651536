import type { Middleware } from 'koa';

/** Headers every response carries, whatever served it (the cached-answer lane sends them too). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-DNS-Prefetch-Control': 'off',
};
const ENTRIES = Object.entries(SECURITY_HEADERS);

/** Sets SECURITY_HEADERS on every response. Page-specific CSP is set where pages are served. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    const res = ctx.res;
    for (const [name, value] of ENTRIES) res.setHeader(name, value);
    res.removeHeader('X-Powered-By');
    await next();
  };
}
