import type { HeaderCategory, PublicCategory, PublicTag, Settings } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import { cacheableAnswer } from '../cache/cached-content.js';
import type { GatewayCache } from '../cache/response-cache.js';
import { sendBuffered } from '../proxy/send.js';
import { classifyFailure, type UpstreamPool } from '../proxy/upstream-pool.js';

const MAX_READ_BYTES = 8 * 2 ** 20;
/** A read a replica refused waits no longer than this for another (the page has its own deadline). */
const RESTART_WAIT_MS = 500;
const SIGNAL_DECIDES_MS = 60_000;
/**
 * How long a read with no earlier answer to fall back on waits, whatever the caller's deadline:
 * its page could only be an error page sooner. On a starved host (test:swarm in CI, a rolling
 * update) content answered page reads in 3.1–5.6 s, and pages that gave up at 3 s answered 503.
 */
export const NO_FALLBACK_WAIT_MS = 10_000;

interface Read<T> {
  status: number;
  body: T | null;
}

function parsed<T>(status: number, body: Buffer): Read<T> {
  if (status < 200 || status >= 300) return { status, body: null };
  try {
    return { status, body: JSON.parse(body.toString('utf8')) as T };
  } catch {
    return { status: 0, body: null };
  }
}

/**
 * Small, fast reads from the content service for the pages (their settings and header categories,
 * the crawler surface's) and, as `response`, for the public remote's loaders; never throws, answers null instead.
 *
 * Every read goes through the gateway's cache of public API answers (same key as the API path, same
 * exact invalidation, a ticket taken before the fetch), so a page rendered just after an admin write
 * sees that write: there is no second copy here with a lifetime of its own. When the service fails,
 * the last answer kept serves instead (stale-if-error), as it does for the API.
 */
export class ContentClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly cache?: GatewayCache,
    /** Every content replica (as the proxy's pool): a read one refused or cut goes to another. Without it, `baseUrl`. */
    private readonly pool?: UpstreamPool,
    /** Told of each read that got no answer (a page then renders an error or an older copy). */
    private readonly log?: Logger,
    private readonly noFallbackWaitMs = NO_FALLBACK_WAIT_MS,
  ) {}

  /** The service's answer to a GET, in full; identity: the cache keeps bodies as the service wrote them and compresses them itself. */
  private async fetchAnswer(path: string, signal: AbortSignal): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    if (this.pool) {
      const headers = { accept: 'application/json', 'accept-encoding': 'identity' };
      // The caller's signal is the deadline (the head's, or the render's for its loaders).
      return sendBuffered(this.pool, { method: 'GET', path, headers, timeoutMs: SIGNAL_DECIDES_MS, signal }, { waitForRestartMs: RESTART_WAIT_MS }, MAX_READ_BYTES);
    }
    const res = await fetch(`${this.baseUrl}${path}`, { signal, headers: { Accept: 'application/json', 'Accept-Encoding': 'identity' } });
    return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
  }

  /** A public GET through the cache: the fresh record, else the service's answer (kept when it names its dependencies). */
  private async read(path: string, deadline: AbortSignal): Promise<{ status: number; body: Buffer } | null> {
    const hit = this.cache?.get(path);
    if (hit?.fresh) return hit.record;
    // The caller's deadline holds when an older answer can stand in; without one, waiting longer beats an error page.
    const signal = hit ? deadline : AbortSignal.timeout(Math.max(this.noFallbackWaitMs, this.timeoutMs));
    const ticket = this.cache?.ticket() ?? 0;
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let body: Buffer;
    const started = Date.now();
    try {
      ({ status, headers, body } = await this.fetchAnswer(path, signal));
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      this.log?.warn({ path, ms: Date.now() - started, deadline: signal.aborted, failure: signal.aborted ? 'deadline' : classifyFailure(err), code }, 'page read got no answer from the content service');
      return hit ? hit.record : null;
    }
    if (status >= 500 && hit) return hit.record;
    const input = this.cache && cacheableAnswer(status, headers, body);
    if (input) this.cache!.set(path, ticket, input);
    return { status, body };
  }

  private async get<T>(path: string): Promise<Read<T>> {
    const answer = await this.read(path, AbortSignal.timeout(this.timeoutMs));
    return answer ? parsed<T>(answer.status, answer.body) : { status: 0, body: null };
  }

  /**
   * The answer to a public GET as a fetch Response, for the public remote's loaders when a page is
   * rendered here: the head's reads and theirs share one cache entry, so a page's article, settings
   * and lists are fetched once per render. Rejects as fetch does when the service does not answer.
   */
  async response(path: string, signal?: AbortSignal): Promise<Response> {
    const answer = await this.read(path, signal ?? AbortSignal.timeout(this.timeoutMs));
    if (!answer) throw new TypeError(`the content service did not answer ${path}`);
    return new Response(new Uint8Array(answer.body), { status: answer.status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  }

  async settings(): Promise<Settings | null> {
    return (await this.get<Settings>('/api/settings')).body;
  }

  async categories(): Promise<PublicCategory[] | null> {
    const { body } = await this.get<PublicCategory[]>('/api/categories');
    return Array.isArray(body) ? body : null;
  }

  async headerCategories(): Promise<HeaderCategory[] | null> {
    const { body } = await this.get<HeaderCategory[]>('/api/categories/header');
    return Array.isArray(body) ? body : null;
  }

  /** The tag of key `key`, 'missing' for a 404 (no public article carries it), null when the service did not answer in time. */
  async tag(key: string): Promise<PublicTag | 'missing' | null> {
    const { status, body } = await this.get<PublicTag>(`/api/tags/${encodeURIComponent(key)}`);
    if (status === 404) return 'missing';
    return body;
  }
}
