export class ApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/** How a GET of an API path is answered: fetched from the page's origin, or as the server that renders the page reads it. */
export type ApiReader = (path: string, signal?: AbortSignal) => Promise<Response>;

/**
 * What one load of a page reads the API with: its reader and its signal (the render's deadline on
 * the server, the page leaving in the browser). Passed to every loader and fetch, never kept: on
 * the server each render brings the gateway's reader (through its cache of API answers, so a
 * page's data is read once per render and is exactly as fresh as the API, docs/product.md §3).
 */
export interface Api {
  read: ApiReader;
  signal: AbortSignal;
}

/** In the browser: the API at the page's own origin. */
const fetchFromOrigin: ApiReader = (path, signal) => fetch(path, { signal, headers: { Accept: 'application/json' } });

/** The browser's reads for one load, ended by `signal`. */
export const browserApi = (signal: AbortSignal): Api => ({ read: fetchFromOrigin, signal });

/** GET a JSON body; a failure carries the server's `error` text or the given fallback. */
export async function getJson<T>(path: string, fallbackError: string, api: Api): Promise<T> {
  let res: Response;
  try {
    res = await api.read(path, api.signal);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(fallbackError, 0);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const serverError = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : '';
    throw new ApiError(serverError || fallbackError, res.status);
  }
  return body as T;
}

export function isAbort(err: unknown): boolean {
  return (err as Error | undefined)?.name === 'AbortError';
}
