import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { requireAdmin } from './admin-token.js';
import { UnauthorizedError } from './errors.js';

/**
 * A service grant: the credential a service gives its own calls to another service for work an
 * admin started and that outlives the admin's 20-minute token — today only the WordPress image
 * import (content → media's upload route → content's upload-audit route). It names one purpose
 * and the admin who started the work (the audit entry names them), lives minutes, and is an
 * HMAC-SHA256 over its claims with a key derived from FORWARDING_SECRET, which only the gateway
 * and the services hold. Sent as `Authorization: CoinmagGrant <grant>`; the gateway refuses the
 * scheme on every path (admin-guard.ts), and only the routes that ask for the grant's purpose
 * accept it. The MAC alone does not make a grant good: it names its job, the one file it may
 * upload (digest) and its own id, and the issuing service redeems only a grant it recorded
 * issuing, for a job still running, once (content's upload audit, wordpress-image-grants.ts), so
 * another holder of FORWARDING_SECRET cannot mint one.
 */
export const SERVICE_GRANT_SCHEME = 'CoinmagGrant';
export const SERVICE_GRANT_PURPOSES = ['wordpress-images'] as const;
export type ServiceGrantPurpose = (typeof SERVICE_GRANT_PURPOSES)[number];

export interface ServiceGrant {
  purpose: ServiceGrantPurpose;
  /** The admin (username) who started the work. */
  actor: string;
  /** The work it is for: the WordPress import's id (the audit entry names it). */
  job: number;
  /** SHA-256 (hex) of the one file it may upload: a grant carries no other bytes. */
  digest: string;
  /** The grant's own id: the issuing service records it, and only a grant it issued is redeemed (once). */
  id: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

declare module 'koa' {
  interface DefaultState {
    /** Set when the request was authorised by a service grant rather than an admin token. */
    grant?: ServiceGrant;
  }
}

/** A grant lives this long at most: signed for each call, it need not outlive one upload and its audit. */
export const SERVICE_GRANT_MAX_TTL_MS = 10 * 60_000;

/** The grant key: FORWARDING_SECRET itself is never used as a key, only a hash of it under this label. */
function grantKey(secret: string): Buffer {
  return createHash('sha256').update('coinmag-service-grant\0').update(secret).digest();
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', grantKey(secret)).update(payload).digest();
}

export function signServiceGrant(grant: ServiceGrant, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ p: grant.purpose, a: grant.actor, j: grant.job, d: grant.digest, i: grant.id, e: grant.exp })).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The Authorization header value for a grant. */
export function grantAuthorization(grant: ServiceGrant, secret: string): string {
  return `${SERVICE_GRANT_SCHEME} ${signServiceGrant(grant, secret)}`;
}

/** Whether an Authorization header uses the service-grant scheme (in any letter case). */
export function isServiceGrantAuthorization(authorization: string | undefined): boolean {
  return (authorization ?? '').trimStart().toLowerCase().startsWith(SERVICE_GRANT_SCHEME.toLowerCase());
}

/** Checks the MAC, the purpose and the expiry (and that it is not signed for longer than a grant may live). Throws UnauthorizedError. */
export function verifyServiceGrant(token: string, secret: string, purpose: ServiceGrantPurpose, now = Date.now()): ServiceGrant {
  const refused = () => new UnauthorizedError(API_MESSAGES.unauthorized);
  const match = /^([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw refused();
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(secret, match[1]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  let claims: { p?: unknown; a?: unknown; j?: unknown; d?: unknown; i?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw refused();
  }
  if (claims.p !== purpose || typeof claims.a !== 'string' || !/^[^\x00-\x1f]{1,100}$/.test(claims.a)) throw refused();
  if (typeof claims.j !== 'number' || !Number.isSafeInteger(claims.j) || claims.j < 1) throw refused();
  if (typeof claims.d !== 'string' || !/^[0-9a-f]{64}$/.test(claims.d) || typeof claims.i !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(claims.i)) throw refused();
  if (typeof claims.e !== 'number' || claims.e <= now || claims.e > now + SERVICE_GRANT_MAX_TTL_MS) throw refused();
  return { purpose, actor: claims.a, job: claims.j, digest: claims.d, id: claims.i, exp: claims.e };
}

/**
 * An admin route that also takes a service grant for `purpose` (sets ctx.state.grant), or the
 * admin's token as requireAdmin checks it (sets ctx.state.admin). Without a secret no grant is
 * accepted.
 */
export function requireAdminOrGrant(publicKey: string, secret: string | undefined, purpose: ServiceGrantPurpose): Middleware {
  const admin = requireAdmin(publicKey);
  const prefix = `${SERVICE_GRANT_SCHEME} `;
  return async (ctx, next) => {
    const authorization = ctx.get('authorization');
    if (!authorization.startsWith(prefix)) return admin(ctx, next);
    if (!secret) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    ctx.state.grant = verifyServiceGrant(authorization.slice(prefix.length).trim(), secret, purpose);
    await next();
  };
}

/** The SHA-256 (hex) a grant's `digest` names a file by. */
export function grantDigest(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Refuses (401) a file other than the one the grant was issued for. */
export function assertGrantCovers(grant: ServiceGrant, data: Uint8Array): void {
  if (grantDigest(data) !== grant.digest) throw new UnauthorizedError(API_MESSAGES.unauthorized);
}

/** Who a request acts for: the admin of its token, or the admin a service grant names. */
export function actingAdmin(state: { admin?: { username: string }; grant?: ServiceGrant }): string | undefined {
  return state.admin?.username ?? state.grant?.actor;
}
