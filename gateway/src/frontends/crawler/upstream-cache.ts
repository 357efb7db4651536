/**
 * What the gateway makes from a content-service answer (an XML document), kept per upstream
 * path and reused while the service answers 304 to its ETag: a publish changes the ETag, so
 * the next request renders again. One small conditional request per hit, no render.
 */
export class UpstreamRenderCache {
  private readonly entries = new Map<string, { etag: string; output: string }>();

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly maxEntries = 256,
  ) {}

  /** The rendered output, or the upstream status (404, or 0 when it did not answer) when there is none. */
  async render<T>(path: string, key: string, make: (body: T) => string | Promise<string>): Promise<{ output: string } | { status: number }> {
    const cacheKey = `${key} ${path}`;
    const cached = this.entries.get(cacheKey);
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { Accept: 'application/json', ...(cached ? { 'If-None-Match': cached.etag } : {}) },
      });
    } catch {
      return { status: 0 };
    }
    if (res.status === 304 && cached) {
      // Most recently used last, so the oldest is evicted first.
      this.entries.delete(cacheKey);
      this.entries.set(cacheKey, cached);
      return { output: cached.output };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { status: res.status };
    }
    const output = await make((await res.json()) as T);
    const etag = res.headers.get('etag');
    if (etag) {
      this.entries.delete(cacheKey);
      this.entries.set(cacheKey, { etag, output });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return { output };
  }
}
