/** The admin's calls: same origin, JSON errors `{error, field?}`, bearer token from local storage. */
export const TOKEN_KEY = 'admin-token';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage disabled: the session lasts as long as the page */
  }
}

export class ApiError extends Error {
  constructor(
    /** The server's `error` text, or the caller's fallback. */
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** The server's text only (empty when it sent none). */
    readonly serverError = '',
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  form?: FormData;
  /** Send the bearer token (default true); a missing token fails with 401 '尚未登入' before any request. */
  auth?: boolean;
  fallbackError?: string;
  signal?: AbortSignal;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', json, form, auth = true, fallbackError = '載入資料失敗', signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (auth) {
    const token = readToken();
    if (!token) throw new ApiError('尚未登入', 401, '');
    headers.Authorization = `Bearer ${token}`;
  }
  let body: BodyInit | undefined;
  if (form) body = form;
  else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, signal, cache: 'no-store' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(fallbackError, 0);
  }
  const payload = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const record = payload && typeof payload === 'object' ? (payload as { error?: unknown; field?: unknown }) : {};
    const serverError = typeof record.error === 'string' ? record.error : '';
    throw new ApiError(serverError || fallbackError, res.status, serverError, typeof record.field === 'string' ? record.field : undefined);
  }
  return payload as T;
}

export function isAbort(err: unknown): boolean {
  return (err as Error | undefined)?.name === 'AbortError';
}

export function asApiError(err: unknown, fallback: string): ApiError {
  return err instanceof ApiError ? err : new ApiError(fallback, 0);
}
