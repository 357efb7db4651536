// What "as fresh as the API" means across gateways, checked on every read after an admin write:
// the gateway that relayed the write answers it at once; another gateway may answer the previous
// version only until its invalidation feed delivers the change, and the gateway says which
// changes its cached answer includes (x-gateway-cache-as-of: when the newest change it applied
// was announced). The write's change is announced before its 200, and every stream relays
// changes in the order Redis delivers them, so an old answer from a gateway that had already
// applied a change announced after the 200 is a stale answer; one from a gateway that had not yet
// heard of it is counted as "not yet delivered" and must come within DELIVERY_BOUND_MS of the 200.
// (Containers and the test share the host's clock.)
import type { Swarm } from './swarm.js';

/**
 * The longest a gateway may take to apply a change, on this loaded 2-core machine with the whole
 * stack on it (measured: see docs/operations.md). The writer's next round reads again later than
 * this, so a change lost or slower fails there.
 */
export const DELIVERY_BOUND_MS = 1_500;

export interface ReadAfterWrite {
  title: string;
  asOf: number | undefined;
  /** ms after the write's 200 the answer came. */
  afterMs: number;
}

/** Undefined when the read is fine (fresh, or old only because not yet delivered in time); else why it is stale. */
export function staleReason(wanted: string, answeredAt: number, read: ReadAfterWrite): string | undefined {
  if (read.title === wanted) return undefined;
  if (read.asOf === undefined) return `an old answer not from the cache (${read.title})`;
  if (read.asOf >= answeredAt) return `an old answer (${read.title}) from a gateway that had applied a change announced ${read.asOf - answeredAt} ms after the write's 200`;
  if (read.afterMs > DELIVERY_BOUND_MS) return `an old answer (${read.title}) ${read.afterMs} ms after the write's 200: the change was not delivered within ${DELIVERY_BOUND_MS} ms`;
  return undefined;
}

/** Each gateway's delivery delays of the changes it applied, from its log lines ("gateway cache: change applied"). */
export function deliveryDelays(swarm: Swarm): number[] {
  const delays: number[] = [];
  for (const line of swarm.logs('gateway', 100_000).split('\n')) {
    const json = line.indexOf('{');
    if (json < 0 || !line.includes('change applied')) continue;
    try {
      const entry = JSON.parse(line.slice(json)) as { msg?: string; delayMs?: number };
      if (entry.msg === 'gateway cache: change applied' && typeof entry.delayMs === 'number') delays.push(entry.delayMs);
    } catch {
      // a line cut by the log driver
    }
  }
  return delays;
}

/** Median, 95th percentile and max of `values`, for printing. */
export function spread(values: number[]): { n: number; median: number; p95: number; max: number } {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? NaN };
}
