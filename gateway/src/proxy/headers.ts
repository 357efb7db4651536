import type { IncomingHttpHeaders } from 'node:http';
import { FORWARDING_SECRET_HEADER } from '@coinmag/service-kit';

declare module 'koa' {
  interface DefaultContext {
    /** FORWARDING_SECRET, sent to the services with every request (see service-kit's forwarding.ts). */
    forwardingSecret?: string;
  }
}

/** RFC 9110 §7.6.1: meaningful for one connection only, never forwarded (plus `host`, set per hop). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
/** Set by the gateway from what it trusts, never taken from the client. */
const SET_BY_GATEWAY = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded', 'x-real-ip', FORWARDING_SECRET_HEADER]);

/** Headers the `Connection` header names are hop-by-hop too. */
function connectionTokens(value: string | string[] | undefined): Set<string> | undefined {
  if (!value) return undefined;
  const tokens = (Array.isArray(value) ? value.join(',') : value).split(',').map((token) => token.trim().toLowerCase()).filter(Boolean);
  return tokens.length ? new Set(tokens) : undefined;
}

export interface ForwardedFor {
  requestId: string;
  /** The client address, as far as the trusted proxies in front say (see TRUSTED_PROXY_HOPS). */
  clientIp: string;
  proto: string;
  host: string;
  /** Proves to the services that the address above is the gateway's word (FORWARDING_SECRET). */
  secret?: string;
}

/** What goes to the service: end-to-end headers only, with the gateway's request id and X-Forwarded-*. */
export function requestHeadersFor(headers: IncomingHttpHeaders, forwarded: ForwardedFor, omit?: ReadonlySet<string>): Record<string, string | string[]> {
  const named = connectionTokens(headers.connection);
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || SET_BY_GATEWAY.has(name) || named?.has(name) || omit?.has(name)) continue;
    out[name] = value;
  }
  out['x-request-id'] = forwarded.requestId;
  out['x-forwarded-for'] = forwarded.clientIp;
  out['x-forwarded-proto'] = forwarded.proto;
  if (forwarded.host) out['x-forwarded-host'] = forwarded.host;
  if (forwarded.secret) out[FORWARDING_SECRET_HEADER] = forwarded.secret;
  return out;
}

/** What goes back to the client: end-to-end headers only; the length is the gateway's to set. */
export function responseHeadersFrom(headers: Record<string, string | string[] | undefined>, omit?: ReadonlySet<string>): Record<string, string | string[]> {
  const named = connectionTokens(headers.connection);
  const out: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length' || named?.has(name) || omit?.has(name)) continue;
    out[name] = value;
  }
  return out;
}
