import type { Readable } from 'node:stream';
import { Pool } from 'undici';
import type { Dispatcher } from 'undici';

/** One replica of a service: a keep-alive connection pool, and when it last refused a connection. */
interface Replica {
  origin: string;
  pool: Pool;
  downUntil: number;
}

export interface UpstreamRequest {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  headers: Record<string, string | string[]>;
  body?: Readable | null;
  timeoutMs: number;
  signal?: AbortSignal;
}

export type UpstreamFailure = 'refused' | 'timeout' | 'reset' | 'broken';

/** Replaying these is safe: no side effect, and no request body to replay. */
export const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

const REFUSED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

export function classifyFailure(err: unknown): UpstreamFailure {
  const error = err as { code?: string; cause?: { code?: string } };
  const code = error?.code ?? error?.cause?.code ?? '';
  if (REFUSED_CODES.has(code)) return 'refused';
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (RESET_CODES.has(code)) return 'reset';
  return 'broken';
}

/** How long a replica that refused a connection is asked only when no other is left. */
const DOWN_FOR_MS = 1000;

/**
 * The replicas of one service (a comma-separated list of URLs; one URL may also be a load
 * balancer such as a Kubernetes Service), each behind a keep-alive undici pool. Requests go
 * round-robin to replicas that have not just refused a connection.
 */
export class UpstreamPool {
  private readonly replicas: Replica[];
  private next = 0;

  constructor(urls: readonly string[], connectionsPerReplica = 128) {
    if (urls.length === 0) throw new Error('an upstream needs at least one URL');
    this.replicas = urls.map((url) => {
      const origin = new URL(url).origin;
      return {
        origin,
        downUntil: 0,
        pool: new Pool(origin, { connections: connectionsPerReplica, pipelining: 1, keepAliveTimeout: 4_000, keepAliveMaxTimeout: 30_000, connect: { timeout: 2_000 } }),
      };
    });
  }

  get origins(): string[] {
    return this.replicas.map((replica) => replica.origin);
  }

  /** The next replica to ask; `avoid` (the one that just failed) only when it is the only one. */
  private pick(avoid?: Replica): Replica {
    const now = Date.now();
    for (let tried = 0; tried < this.replicas.length; tried += 1) {
      const replica = this.replicas[this.next++ % this.replicas.length]!;
      if (replica !== avoid && replica.downUntil <= now) return replica;
    }
    for (const replica of this.replicas) if (replica !== avoid) return replica;
    return this.replicas[0]!;
  }

  /** Sends once to one replica; a connection refused marks it down for a moment. */
  async send(request: UpstreamRequest, avoid?: { replica?: unknown }): Promise<{ response: Dispatcher.ResponseData; replica: unknown }> {
    const replica = this.pick(avoid?.replica as Replica | undefined);
    try {
      const response = await replica.pool.request({
        method: request.method as Dispatcher.HttpMethod,
        path: request.path,
        headers: request.headers,
        body: request.body ?? null,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
        signal: request.signal,
      });
      replica.downUntil = 0;
      return { response, replica };
    } catch (err) {
      if (classifyFailure(err) === 'refused') replica.downUntil = Date.now() + DOWN_FOR_MS;
      (err as { replica?: unknown }).replica = replica;
      throw err;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => replica.pool.close().catch(() => {})));
  }
}
