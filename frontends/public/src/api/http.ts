export class ApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

let apiBase = '';

/** Where the API is: the page's own origin in the browser, the content service when rendering on the server. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

/** How a GET of an API path is answered: fetched from apiBase, or as the server that renders the page reads it. */
export type ApiReader = (path: string, signal?: AbortSignal) => Promise<Response>;

const fetchFromBase: ApiReader = (path, signal) => fetch(`${apiBase}${path}`, { signal, headers: { Accept: 'application/json' } });
let readApi: ApiReader = fetchFromBase;

/**
 * On the server: the gateway's own reads, through its cache of API answers, so a page's data is
 * read once per render and is exactly as fresh as the API (docs/product.md §3).
 */
export function setApiReader(reader: ApiReader): void {
  readApi = reader;
}

/** GET a JSON body; a failure carries the server's `error` text or the given fallback. */
export async function getJson<T>(path: string, fallbackError: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await readApi(path, signal);
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
