import type { Context } from 'koa';

/**
 * At most `perClient` requests of one client address (as the trusted proxies say, see
 * TRUSTED_PROXY_HOPS) in flight at once, counted until each answer is sent or its connection
 * closes. Returns whether the request is let in; the edge stage answers one more with 429 and
 * Retry-After before anything else runs.
 */
export function clientRequestCap(perClient: number): (ctx: Context) => boolean {
  const inFlight = new Map<string, number>();
  return (ctx) => {
    if (perClient <= 0) return true;
    const address = ctx.ip;
    const count = inFlight.get(address) ?? 0;
    if (count >= perClient) return false;
    inFlight.set(address, count + 1);
    ctx.res.once('close', () => {
      const left = (inFlight.get(address) ?? 1) - 1;
      if (left <= 0) inFlight.delete(address);
      else inFlight.set(address, left);
    });
    return true;
  };
}
