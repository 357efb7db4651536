/**
 * The admin's calls: same origin, JSON errors `{error, field?}`. The credential is an HttpOnly
 * cookie the gateway sets at sign-in: no script here (nor any ad script elsewhere) can read it.
 * What this page keeps is only whether it believes a session is open, so that a call with none
 * fails at once with '尚未登入' and a refused one can say '驗證失敗' (docs/product.md §8).
 */
export const SESSION_MARK_KEY = 'admin-session';

/** Sent with every call; the gateway refuses a cookie-authenticated write without it (CSRF). */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'coinmag-admin';

export function hasSession(): boolean {
  try {
    return window.localStorage.getItem(SESSION_MARK_KEY) === '1';
  } catch {
    return memoryMark;
  }
}

let memoryMark = false;

export function markSession(open: boolean): void {
  memoryMark = open;
  try {
    if (open) window.localStorage.setItem(SESSION_MARK_KEY, '1');
    else window.localStorage.removeItem(SESSION_MARK_KEY);
  } catch {
    /* storage disabled: the mark lasts as long as the page */
  }
}

/** @deprecated kept for callers written against the token API: true-ish while a session is open. */
export function readToken(): string | null {
  return hasSession() ? 'cookie-session' : null;
}

/** @deprecated kept for callers written against the token API: any value marks the session open, null closed. */
export function writeToken(token: string | null | undefined): void {
  markSession(Boolean(token));
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
  /** An admin call (default true): with no open session it fails with 401 '尚未登入' before any request. */
  auth?: boolean;
  fallbackError?: string;
  signal?: AbortSignal;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', json, form, auth = true, fallbackError = '載入資料失敗', signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };
  if (auth && !hasSession()) throw new ApiError('尚未登入', 401, '');
  let body: BodyInit | undefined;
  if (form) body = form;
  else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, signal, cache: 'no-store', credentials: 'same-origin' });
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
  onSuccessfulCall?.();
  return payload as T;
}

let onSuccessfulCall: (() => void) | undefined;

/** The session renewal watches calls that succeed (the admin is active). */
export function onApiSuccess(listener: (() => void) | undefined): void {
  onSuccessfulCall = listener;
}

export function isAbort(err: unknown): boolean {
  return (err as Error | undefined)?.name === 'AbortError';
}

export function asApiError(err: unknown, fallback: string): ApiError {
  return err instanceof ApiError ? err : new ApiError(fallback, 0);
}
