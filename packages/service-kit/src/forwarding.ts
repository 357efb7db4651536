import { timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';

/**
 * The header the gateway proves itself with to the services (FORWARDING_SECRET). A service
 * behind the gateway (TRUSTED_PROXY_HOPS > 0) believes a request's X-Forwarded-For only when
 * it carries the secret; any other caller, such as one reaching the service's port directly
 * on loopback or from a neighbouring container, is counted under its own socket address, so
 * it cannot pick a fresh address per login attempt or per view.
 */
declare module 'koa' {
  interface DefaultState {
    /** Set when the request did not carry the forwarding secret: it names no client address but its own. */
    forwardingUntrusted?: boolean;
  }
}

export const FORWARDING_SECRET_HEADER = 'x-coinmag-forwarding-secret';

function sameSecret(given: string, secret: Buffer): boolean {
  const bytes = Buffer.from(given);
  return bytes.length === secret.length && timingSafeEqual(bytes, secret);
}

/** Service side: the client address comes from X-Forwarded-For only on the gateway's requests. */
export function trustForwardingOnlyWith(secret: string): Middleware {
  const expected = Buffer.from(secret);
  return async (ctx, next) => {
    const given = ctx.req.headers[FORWARDING_SECRET_HEADER];
    // Never logged, never passed on.
    delete ctx.req.headers[FORWARDING_SECRET_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, expected)) {
      ctx.request.ip = ctx.req.socket.remoteAddress ?? '';
      ctx.state.forwardingUntrusted = true;
    }
    await next();
  };
}

/**
 * Whether client addresses this request names are the gateway's word, as its X-Forwarded-For is:
 * the service trusts a proxy in front of it, and the request carried the secret when one is set.
 */
export function addressesTrusted(ctx: Context): boolean {
  return ctx.app.proxy && ctx.state.forwardingUntrusted !== true;
}
