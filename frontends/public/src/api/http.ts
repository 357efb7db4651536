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

/** GET a JSON body; a failure carries the server's `error` text or the given fallback. */
export async function getJson<T>(path: string, fallbackError: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}${path}`, { signal, headers: { Accept: 'application/json' } });
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
