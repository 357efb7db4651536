import http from 'node:http';
import https from 'node:https';
import { guardedLookup, hostAllowed, refusedLiteral, refusedMessage } from '../outbound/outbound-address.js';

export interface OutboundLimits {
  /** The whole request, connection to the answer's last byte. */
  timeoutMs: number;
  /** Hosts (name or name:port) whose private or loopback addresses may be reached (OUTBOUND_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

/** What of a receiver's answer is read: its status matters, its body only enough to end the exchange. */
const MAX_ANSWER_BYTES = 64 * 1024;

export class OutboundError extends Error {}

/**
 * POSTs a body with every bound of docs/security.md's outbound fetches: http(s) only, no
 * redirect followed, private and loopback addresses refused unless the host is allowed, one
 * deadline over the whole exchange, the answer read up to 64 KiB. Resolves with the status.
 */
export function guardedPost(rawUrl: string, body: string, headers: Record<string, string>, limits: OutboundLimits): Promise<number> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new OutboundError('網址格式不正確'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new OutboundError('只接受 http(s) 網址'));
  const allowPrivate = hostAllowed(url, limits.allowedHosts);
  if (refusedLiteral(url, allowPrivate)) return Promise.reject(new OutboundError(refusedMessage(url.hostname)));
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(allowPrivate, (host) => new OutboundError(refusedMessage(host))),
        signal,
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'coinmag-webhooks', ...headers },
      },
      (response) => {
        let size = 0;
        const status = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('close', () => resolve(status));
        response.on('error', () => resolve(status));
      },
    );
    request.on('error', (err) => {
      if (err instanceof OutboundError) reject(err);
      else if (signal.aborted) reject(new OutboundError('接收端回應逾時'));
      else reject(new OutboundError(`無法連線到接收端（${(err as NodeJS.ErrnoException).code ?? 'error'}）`));
    });
    request.end(body);
  });
}
