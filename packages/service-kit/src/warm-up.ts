/**
 * How long a warm-up may take before the process says it is ready anyway: well inside the grace
 * orchestrators give a starting task (the Swarm stack's health check start_period is 60 s).
 */
export const WARM_UP_MS = 30_000;

/**
 * For a deployable's warmUp (run-service.ts): asks the process itself for `path` as a client
 * would, reads the answer whole and returns it parsed when it is JSON (null otherwise, or when it
 * was not a 2xx). The request runs the code a first client would have run cold.
 */
export async function askItself(origin: string, path: string, signal: AbortSignal, accept = 'application/json'): Promise<unknown> {
  const res = await fetch(`${origin}${path}`, { signal, headers: { accept, 'accept-encoding': 'br, gzip' } });
  const body = await res.text();
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/** The slug of the first article of a list answer ({ articles: [{ slug }] }), if any. */
export function firstArticleSlug(list: unknown): string | undefined {
  const slug = (list as { articles?: Array<{ slug?: unknown }> } | null)?.articles?.[0]?.slug;
  return typeof slug === 'string' ? slug : undefined;
}
