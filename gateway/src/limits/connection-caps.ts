import type { Socket } from 'node:net';
import type { ServerTuning } from '@coinmag/service-kit';
import type { GatewayLimits } from './limits-config.js';

/**
 * The gateway server's timeouts and its cap on open connections per client address. A
 * connection over the cap is closed at once, before a byte is read: one address cannot hold
 * thousands of half-open sockets. Behind trusted proxies every connection comes from a proxy,
 * so the per-address cap is left to the per-request one (which sees X-Forwarded-For).
 */
export function gatewayServerTuning(limits: GatewayLimits, proxyHops = 0): ServerTuning {
  const open = new Map<string, number>();
  const cap = proxyHops > 0 ? 0 : limits.connectionsPerClient;
  return {
    headersTimeoutMs: limits.headersTimeoutMs,
    requestTimeoutMs: limits.requestTimeoutMs,
    checkIntervalMs: Math.min(1000, limits.headersTimeoutMs),
    onConnection: cap > 0 ? (socket: Socket) => countConnection(open, cap, socket) : undefined,
  };
}

function countConnection(open: Map<string, number>, cap: number, socket: Socket): void {
  const address = socket.remoteAddress ?? '';
  const count = open.get(address) ?? 0;
  if (count >= cap) {
    socket.destroy();
    return;
  }
  open.set(address, count + 1);
  socket.once('close', () => {
    const left = (open.get(address) ?? 1) - 1;
    if (left <= 0) open.delete(address);
    else open.set(address, left);
  });
}
