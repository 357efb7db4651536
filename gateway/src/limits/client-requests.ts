import type { ServerResponse } from 'node:http';

/**
 * At most `perClient` requests of one client address (as the trusted proxies say, see
 * TRUSTED_PROXY_HOPS) in flight at once, counted until each answer is sent or its connection
 * closes. Returns whether the request is let in; the edge stage answers one more with 429 and
 * Retry-After before anything else runs. One cap serves the edge stage and the lanes before Koa
 * (edge/fresh-hits.ts, fresh-pages.ts, beacon-lane.ts), so a client's requests are counted
 * together whichever answers them.
 */
export type ClientRequestCap = (address: string, res: ServerResponse) => boolean;

export function clientRequestCap(perClient: number): ClientRequestCap {
  const inFlight = new Map<string, number>();
  return (address, res) => {
    if (perClient <= 0) return true;
    const count = inFlight.get(address) ?? 0;
    if (count >= perClient) return false;
    inFlight.set(address, count + 1);
    res.once('close', () => {
      const left = (inFlight.get(address) ?? 1) - 1;
      if (left <= 0) inFlight.delete(address);
      else inFlight.set(address, left);
    });
    return true;
  };
}
