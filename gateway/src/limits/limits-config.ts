import { z } from 'zod';

const seconds = (max: number) => z.coerce.number().min(0.1).max(max);
const count = (max: number) => z.coerce.number().int().min(0).max(max);

/**
 * What one reader (one client address) and all readers together may hold of the gateway, and
 * how long the gateway waits for what a client sends. Spread into the gateway's env schema;
 * docs/security.md § Limits lists each with its default.
 */
export const limitsEnv = {
  /** Longest the request line and headers may take to arrive (then 408). */
  GATEWAY_HEADERS_TIMEOUT_S: seconds(300).default(10),
  /** Longest a whole request may take to arrive, a 50 MB upload included (then 408). */
  GATEWAY_REQUEST_TIMEOUT_S: seconds(3600).default(120),
  /** Longest a small body (JSON, beacons, sign-in; anything not streamed) may take to arrive in full. */
  GATEWAY_BODY_TIMEOUT_S: seconds(60).default(2),
  /** Largest body the gateway reads in full before passing it on; larger ones stream (admin only). */
  GATEWAY_BUFFERED_BODY_KB: count(4096).default(64),
  /** Longest a streamed body (an upload) may go without a byte before it is cut. */
  GATEWAY_STREAM_IDLE_S: seconds(300).default(10),
  /** Streamed bodies at once from one client address, and in all. */
  GATEWAY_STREAMS_PER_CLIENT: count(1000).default(4),
  GATEWAY_STREAMS_TOTAL: count(100_000).default(32),
  /** Open connections from one client address (0: no cap; not applied behind a trusted proxy, whose address every connection shares). */
  GATEWAY_CONNECTIONS_PER_CLIENT: count(100_000).default(64),
  /** Requests in flight at once from one client address (0: no cap). */
  GATEWAY_REQUESTS_PER_CLIENT: count(100_000).default(32),
  /** Connections the gateway keeps to each service replica. */
  GATEWAY_UPSTREAM_CONNECTIONS: count(10_000).default(128),
  /** Longest a request waits for a free connection to a service before 503 with Retry-After. */
  GATEWAY_UPSTREAM_QUEUE_S: seconds(120).default(3),
};

export interface GatewayLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  bodyTimeoutMs: number;
  bufferedBodyBytes: number;
  streamIdleMs: number;
  streamsPerClient: number;
  streamsTotal: number;
  connectionsPerClient: number;
  requestsPerClient: number;
  upstreamConnections: number;
  upstreamQueueMs: number;
}

export type LimitsConfig = { [K in keyof typeof limitsEnv]: number };

const DEFAULTS = z.object(limitsEnv).parse({}) as LimitsConfig;

/** The limits from the configuration; any not given keeps its default. */
export function limitsFrom(config: Partial<LimitsConfig> = {}): GatewayLimits {
  const value = { ...DEFAULTS, ...Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined)) } as LimitsConfig;
  return {
    headersTimeoutMs: value.GATEWAY_HEADERS_TIMEOUT_S * 1000,
    requestTimeoutMs: Math.max(value.GATEWAY_REQUEST_TIMEOUT_S, value.GATEWAY_HEADERS_TIMEOUT_S) * 1000,
    bodyTimeoutMs: value.GATEWAY_BODY_TIMEOUT_S * 1000,
    bufferedBodyBytes: value.GATEWAY_BUFFERED_BODY_KB * 1024,
    streamIdleMs: value.GATEWAY_STREAM_IDLE_S * 1000,
    streamsPerClient: value.GATEWAY_STREAMS_PER_CLIENT,
    streamsTotal: value.GATEWAY_STREAMS_TOTAL,
    connectionsPerClient: value.GATEWAY_CONNECTIONS_PER_CLIENT,
    requestsPerClient: value.GATEWAY_REQUESTS_PER_CLIENT,
    upstreamConnections: Math.max(1, value.GATEWAY_UPSTREAM_CONNECTIONS),
    upstreamQueueMs: value.GATEWAY_UPSTREAM_QUEUE_S * 1000,
  };
}

/** Seconds a client is told to wait (Retry-After) when a limit or a busy service turns it away. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
