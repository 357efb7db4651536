// What the stack logged about the requests that failed: the edge's, each gateway's and service's log lines
// carrying a failed request's id, and the gateways' page reads that got no answer, so a failed
// run says which replica and which failure (refused, timeout, cut) lay behind each.
import type { Failure } from './traffic.js';
import type { Swarm } from './swarm.js';

const SERVICES = ['edge', 'gateway', 'content', 'auth', 'media', 'markets', 'newsletter'];
const PAGE_READ = 'page read got no answer';

export function failureLogs(swarm: Swarm, failures: Failure[], limit = 40): string[] {
  const ids = failures.map((f) => f.requestId).filter(Boolean);
  const lines: string[] = [];
  for (const service of SERVICES) {
    for (const line of swarm.logs(service, 100_000).split('\n')) {
      if (ids.some((id) => line.includes(id)) || (service === 'gateway' && line.includes(PAGE_READ))) lines.push(`${service}: ${line.trim()}`.slice(0, 400));
    }
  }
  return lines.slice(0, limit);
}
