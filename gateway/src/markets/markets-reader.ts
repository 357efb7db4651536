/** How long a page's render waits for a price answer before it renders without it. */
const READ_TIMEOUT_MS = 3_000;

/**
 * The page renderer's reads of `/api/markets/*` (coin pages, an article's price since
 * publication): asked of the markets service's replicas in turn. Any other path is not its to read.
 */
export function marketsReader(marketsUrls: string[]): (path: string, signal?: AbortSignal) => Promise<Response> {
  return async (path, signal) => {
    let last: unknown;
    for (const base of marketsUrls) {
      try {
        return await fetch(new URL(path, base), { signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(READ_TIMEOUT_MS)]) : AbortSignal.timeout(READ_TIMEOUT_MS), headers: { accept: 'application/json' } });
      } catch (err) {
        if (signal?.aborted) throw err;
        last = err;
      }
    }
    throw last ?? new TypeError('no markets service configured');
  };
}

/** Whether the renderer reads `path` from the markets service rather than content. */
export const isMarketsPath = (path: string) => path.startsWith('/api/markets/');
