import type { Middleware } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { ValidationError } from './errors.js';

/**
 * Characters no field of ours may hold: NUL (Postgres text cannot store it), the other C0
 * controls except tab, line feed and carriage return, DEL, the non-characters U+FFFE/U+FFFF,
 * and lone UTF-16 surrogates (not Unicode at all). With the `u` flag a paired surrogate is one
 * code point, so `\p{Cs}` matches only the lone ones.
 */
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|\p{Cs}/u;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'gu');

/** Nested arrays and objects deeper than this in a JSON body are refused (no API shape nests past 3). */
export const MAX_JSON_DEPTH = 32;

export function hasUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/**
 * For HTML bodies, where an HTML parser would drop or replace them anyway: lone surrogates
 * become U+FFFD, the other unsafe characters are removed.
 */
export function stripUnsafeText(value: string): string {
  return value.replace(UNSAFE_TEXT_ALL, (ch) => (/\p{Cs}/u.test(ch) ? '\uFFFD' : ''));
}

/** Throws the 400 for a field (query parameter, path, body or form field) holding an unsafe character. */
export function assertSafeText(field: string, value: string): void {
  if (UNSAFE_TEXT.test(value)) throw new ValidationError(field, `${field} ${API_MESSAGES.invalidCharacters}`);
}

/**
 * Checks every string and key of a parsed JSON value, iteratively (a hostile body cannot
 * overflow the stack), and bounds its nesting. The field named in the error is the dotted path.
 */
export function assertSafeJson(value: unknown): void {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item.value === 'string') {
      assertSafeText(item.path || 'body', item.value);
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_JSON_DEPTH) throw new ValidationError(item.path || undefined, API_MESSAGES.inputTooDeep);
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      assertSafeText(item.path || 'body', key);
      pending.push({ value: child, path, depth: item.depth + 1 });
    }
  }
}

/** A malformed escape is left to the routes (which then see it undecoded, so it can hide nothing). */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The edge check every service installs right after its error middleware: the decoded path
 * (so every path parameter) and every query parameter name and value. JSON bodies and
 * multipart fields are checked where they are read (readJsonBody, readMultipart).
 */
export function rejectUnsafeText(): Middleware {
  return async (ctx, next) => {
    assertSafeText('path', decodePath(ctx.path));
    for (const [name, raw] of Object.entries(ctx.query)) {
      assertSafeText('query', name);
      for (const value of Array.isArray(raw) ? raw : [raw ?? '']) assertSafeText(name, value);
    }
    await next();
  };
}
