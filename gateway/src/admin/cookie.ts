import type { Context } from 'koa';

/**
 * The admin's credential in the browser: an HttpOnly, SameSite=Strict cookie no page script can
 * read. Over TLS it is `__Host-` prefixed (Secure, Path=/, no Domain: no subdomain can set or
 * shadow it); over plain http (development) the prefix is not allowed, so the name differs.
 */
export const SECURE_COOKIE = '__Host-coinmag-admin';
export const PLAIN_COOKIE = 'coinmag-admin';

export type CookieSecurity = 'always' | 'auto';

/** Secure when the request came over https (as the trusted proxy says), and always in production. */
export function isSecureRequest(ctx: Context, security: CookieSecurity): boolean {
  return security === 'always' || ctx.protocol === 'https';
}

const nameFor = (secure: boolean) => (secure ? SECURE_COOKIE : PLAIN_COOKIE);

function cookiePairs(header: string | undefined): Array<[string, string]> {
  if (!header) return [];
  return header.split(';').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
}

/** The session token from the cookie this kind of request uses (a secure request reads only the secure one). */
export function readSessionCookie(ctx: Context, secure: boolean): string | undefined {
  const name = nameFor(secure);
  const value = cookiePairs(ctx.get('cookie')).find(([key]) => key === name)?.[1];
  return value && /^[A-Za-z0-9._-]+$/.test(value) ? value : undefined;
}

export function setSessionCookie(ctx: Context, token: string, expiresAt: string, secure: boolean): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  ctx.append('Set-Cookie', `${nameFor(secure)}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
}

export function clearSessionCookie(ctx: Context, secure: boolean): void {
  ctx.append('Set-Cookie', `${nameFor(secure)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
}

/** The Cookie header without our session cookies: the services never see the credential in a cookie. */
export function withoutSessionCookies(header: string | undefined): string | undefined {
  if (!header) return header;
  const kept = cookiePairs(header).filter(([key]) => key !== SECURE_COOKIE && key !== PLAIN_COOKIE);
  return kept.length > 0 ? kept.map(([key, value]) => `${key}=${value}`).join('; ') : undefined;
}
