import type { Readable } from 'node:stream';
import { Pool } from 'undici';
import type { Dispatcher } from 'undici';
import { ConnectionSlots } from '../limits/connection-slots.js';

/** One replica of a service: a keep-alive connection pool, and when it last refused a connection. */
interface Replica {
  origin: string;
  pool: Pool;
  /** The pool's connections as slots a request waits for, with a deadline (GATEWAY_UPSTREAM_QUEUE_S). */
  slots: ConnectionSlots;
  downUntil: number;
  /** Connections refused in a row: each doubles how long the replica is left alone (downWindowMs). */
  refusals: number;
  /** Replayable requests sent here still waiting for their answer's head: cut when the replica leaves. */
  awaiting: Set<AbortController>;
}

export interface UpstreamRequest {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  headers: Record<string, string | string[]>;
  /** A stream is sent as it is read; an iterable lets the sender keep an unread stream for another attempt (proxy/send.ts). */
  body?: Readable | AsyncIterable<Buffer> | Buffer | null;
  timeoutMs: number;
  signal?: AbortSignal;
}

export type UpstreamFailure = 'refused' | 'busy' | 'timeout' | 'reset' | 'broken';

/** Replaying these is safe: no side effect, and no request body to replay. */
export const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * 'refused': the request never reached the replica. That includes a connection not made in time:
 * the address of a task that was killed answers nothing at all until DNS stops naming it.
 */
const REFUSED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'REPLICA_GONE']);

/** A replayable request cut because its replica left the service (DNS no longer names it) before answering. */
export class ReplicaGoneError extends Error {
  readonly code = 'REPLICA_GONE';
  constructor(origin: string) {
    super(`${origin} left the service before answering`);
  }
}

export function classifyFailure(err: unknown): UpstreamFailure {
  const error = err as { code?: string; cause?: { code?: string } };
  const code = error?.code ?? error?.cause?.code ?? '';
  if (REFUSED_CODES.has(code)) return 'refused';
  if (code === 'UPSTREAM_BUSY') return 'busy';
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (RESET_CODES.has(code)) return 'reset';
  return 'broken';
}

/**
 * How long a replica that refused a connection is asked only when no other is left: 1 s, doubled
 * for each refusal in a row (an address that keeps failing, a task gone until DNS stops naming it,
 * is not asked again every second), at most DOWN_MAX_MS; one answer resets it.
 */
const DOWN_FOR_MS = 1000;
const DOWN_MAX_MS = 16_000;

export function downWindowMs(refusals: number): number {
  return Math.min(DOWN_FOR_MS * 2 ** Math.max(0, Math.min(refusals, 16) - 1), DOWN_MAX_MS);
}

/** One replica as the pool sees it right now (for logs and tests). */
export interface ReplicaState {
  origin: string;
  /** Connections refused in a row. */
  refusals: number;
  /** How much longer it is asked only when no other replica is left; 0 when it is up. */
  downForMs: number;
}
/**
 * A connection to a replica on the same network is made in well under a millisecond, even on a
 * busy host (the kernel answers, not the process); an address that does not answer within this is
 * a task that is gone, and the request goes to another replica.
 */
const CONNECT_TIMEOUT_MS = 1_000;

/**
 * The replicas of one service (a comma-separated list of URLs; one URL may also be a load
 * balancer such as a Kubernetes Service), each behind a keep-alive undici pool. Requests go
 * round-robin to replicas that have not just refused a connection.
 */
export class UpstreamPool {
  private replicas: Replica[];
  private next = 0;
  /** Told when a replica refuses or drops a connection (the replica resolver asks DNS again). */
  onTrouble?: () => void;

  constructor(
    urls: readonly string[],
    private readonly connectionsPerReplica = 128,
    private readonly queueWaitMs = 3_000,
  ) {
    if (urls.length === 0) throw new Error('an upstream needs at least one URL');
    this.replicas = urls.map((url) => this.replicaAt(new URL(url).origin));
  }

  private replicaAt(origin: string): Replica {
    return {
      origin,
      downUntil: 0,
      refusals: 0,
      awaiting: new Set(),
      slots: new ConnectionSlots(this.connectionsPerReplica, this.queueWaitMs),
      pool: new Pool(origin, { connections: this.connectionsPerReplica, pipelining: 1, keepAliveTimeout: 4_000, keepAliveMaxTimeout: 30_000, connect: { timeout: CONNECT_TIMEOUT_MS } }),
    };
  }

  /**
   * Points the pool at these replicas (see replica-resolver.ts): new ones join, gone ones are
   * closed once their requests in flight finish, except replayable ones still waiting for an
   * answer: those are cut at once and sent again to another replica (a killed task answers
   * nothing, and nothing tells the connection; a stopped one would have answered, but a read
   * costs no more twice). Returns whether anything changed.
   */
  setOrigins(origins: readonly string[]): boolean {
    if (origins.length === 0) return false;
    const wanted = new Set(origins);
    const kept = this.replicas.filter((replica) => wanted.has(replica.origin));
    if (kept.length === this.replicas.length && kept.length === wanted.size) return false;
    const have = new Set(kept.map((replica) => replica.origin));
    for (const replica of this.replicas) {
      if (wanted.has(replica.origin)) continue;
      for (const awaiting of replica.awaiting) awaiting.abort();
      void replica.pool.close().catch(() => {});
    }
    this.replicas = [...kept, ...origins.filter((origin) => !have.has(origin)).map((origin) => this.replicaAt(origin))];
    return true;
  }

  get origins(): string[] {
    return this.replicas.map((replica) => replica.origin);
  }

  get states(): ReplicaState[] {
    const now = Date.now();
    return this.replicas.map(({ origin, refusals, downUntil }) => ({ origin, refusals, downForMs: Math.max(0, downUntil - now) }));
  }

  /** The next replica to ask; `avoid` (the one that just failed) only when it is the only one; those `tried` only when no other is up. */
  private pick(avoid?: Replica, tried?: ReadonlySet<unknown>): Replica {
    const now = Date.now();
    for (let asked = 0; asked < this.replicas.length; asked += 1) {
      const replica = this.replicas[this.next++ % this.replicas.length]!;
      if (replica !== avoid && replica.downUntil <= now && !tried?.has(replica)) return replica;
    }
    if (tried) {
      for (let asked = 0; asked < this.replicas.length; asked += 1) {
        const replica = this.replicas[this.next++ % this.replicas.length]!;
        if (replica !== avoid && replica.downUntil <= now) return replica;
      }
    }
    for (const replica of this.replicas) if (replica !== avoid) return replica;
    return this.replicas[0]!;
  }

  /**
   * Sends once to one replica, once one of its connections is free (or UpstreamBusyError when
   * none frees up in time); the connection is counted as taken until the answer is read. A
   * connection refused marks the replica down for a moment, longer each time in a row (downWindowMs).
   */
  async send(request: UpstreamRequest, avoid?: { replica?: unknown }, tried?: ReadonlySet<unknown>): Promise<{ response: Dispatcher.ResponseData; replica: unknown }> {
    const replica = this.pick(avoid?.replica as Replica | undefined, tried);
    let release: (() => void) | undefined;
    const leaving = IDEMPOTENT.has(request.method) && !request.body ? new AbortController() : undefined;
    if (leaving) replica.awaiting.add(leaving);
    try {
      release = await replica.slots.acquire(request.signal);
      const response = await replica.pool.request({
        method: request.method as Dispatcher.HttpMethod,
        path: request.path,
        headers: request.headers,
        // undici sends an async iterable body (its docs say so); its types name only streams and buffers.
        body: (request.body ?? null) as Readable | Buffer | null,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
        signal: leaving ? (request.signal ? AbortSignal.any([request.signal, leaving.signal]) : leaving.signal) : request.signal,
      });
      replica.downUntil = 0;
      replica.refusals = 0;
      response.body.once('close', release);
      return { response, replica };
    } catch (caught) {
      release?.();
      const err = leaving?.signal.aborted && !request.signal?.aborted ? new ReplicaGoneError(replica.origin) : caught;
      const failure = classifyFailure(err);
      // Refusals of requests sent at the same moment, or while it was marked down already, count once.
      if (failure === 'refused' && replica.downUntil <= Date.now()) {
        replica.refusals += 1;
        replica.downUntil = Date.now() + downWindowMs(replica.refusals);
      }
      if (failure === 'refused' || failure === 'reset') this.onTrouble?.();
      (err as { replica?: unknown }).replica = replica;
      throw err;
    } finally {
      if (leaving) replica.awaiting.delete(leaving);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => replica.pool.close().catch(() => {})));
  }
}
