import { z } from 'zod';

/**
 * The editor's numbers of what readers search for and which public pages they fail to find
 * (docs/product.md "What is recorded"). The gateway sees every public search page and every 404
 * of a public page; it tallies them in its process by normalised term and by path and referring
 * host (never an address, a session, a full referring URL or a query) and hands each tally to the
 * content service once per flush interval in one internal request (never routed from outside),
 * which adds it to Postgres in one statement per table.
 */
export const READER_NUMBERS_PATH = '/internal/reader-numbers';

/** A normalised search term is at most this many characters (longer ones are cut). */
export const SEARCH_TERM_MAX_CHARS = 64;
/** A recorded path is at most this many characters (longer ones are cut). */
export const MISSING_PATH_MAX_CHARS = 200;
/** A referring host at most (DNS names are at most 253). */
export const REFERRER_HOST_MAX_CHARS = 253;
/** Distinct terms, and distinct path + host pairs, one tally holds at most; more are dropped until the next hand-over. */
export const READER_NUMBERS_TALLY_MAX = 2_000;
/** A hand-over's body at most. */
export const READER_NUMBERS_MAX_BYTES = 2 * READER_NUMBERS_TALLY_MAX * 600;

/**
 * A search term as it is counted: Unicode NFKC (full-width ＢＴＣ is BTC), case-folded, spaces
 * collapsed and trimmed, at most SEARCH_TERM_MAX_CHARS characters. Empty means not a search.
 */
export function normaliseSearchTerm(raw: string): string {
  const folded = raw.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  return Array.from(folded).slice(0, SEARCH_TERM_MAX_CHARS).join('').trim();
}

/**
 * A missing page's path as it is counted: decoded once where it can be, NFC, lower-cased ASCII
 * letters, repeated and trailing slashes dropped, at most MISSING_PATH_MAX_CHARS characters.
 */
export function normaliseMissingPath(raw: string): string {
  let path = raw.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Kept as sent: a malformed escape is still the path a reader asked for.
  }
  // Control characters never reach a table the back office shows.
  path = path.normalize('NFC').replace(/[\u0000-\u001f\u007f]/gu, '').replace(/\/{2,}/g, '/').replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return Array.from(path).slice(0, MISSING_PATH_MAX_CHARS).join('');
}

/** The host of a Referer header, lower-cased, without port; '' when there is none or it is not http(s). */
export function referrerHost(referer: string | undefined): string {
  if (!referer) return '';
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.hostname.toLowerCase().slice(0, REFERRER_HOST_MAX_CHARS);
  } catch {
    return '';
  }
}

const count = z.number().int().min(1).max(1_000_000_000);

export const readerNumbersBatchSchema = z.object({
  searches: z.array(z.object({ term: z.string().min(1).max(SEARCH_TERM_MAX_CHARS * 2), count }).strict()).max(READER_NUMBERS_TALLY_MAX),
  missing: z.array(z.object({ path: z.string().min(1).max(MISSING_PATH_MAX_CHARS * 2), referrer_host: z.string().max(REFERRER_HOST_MAX_CHARS).regex(/^[A-Za-z0-9.:[\]-]*$/), count }).strict()).max(READER_NUMBERS_TALLY_MAX),
  /** 301s of public paths the gateway answered (every redirect: made here, old slugs, old WordPress links), by path. */
  redirected: z.array(z.object({ path: z.string().min(1).max(MISSING_PATH_MAX_CHARS * 2), count }).strict()).max(READER_NUMBERS_TALLY_MAX).default([]),
}).strict();
export type ReaderNumbersBatch = z.infer<typeof readerNumbersBatchSchema>;

/** The periods the back office offers, in days (Taipei calendar days, today included). */
export const NUMBERS_PERIODS = ['1', '7', '30', '365'] as const;
export type NumbersPeriod = (typeof NUMBERS_PERIODS)[number];

export const numbersQuerySchema = z.object({
  period: z.enum(NUMBERS_PERIODS).default('7'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type NumbersQuery = z.infer<typeof numbersQuerySchema>;

/** GET /api/admin/numbers/searches: the period's top terms, and the terms that found nothing. */
export interface SearchNumbers {
  period: NumbersPeriod;
  /** The first Taipei day counted (YYYY-MM-DD). */
  from: string;
  total: number;
  top: Array<{ term: string; searches: number; zero_searches: number }>;
  /** Terms that found no public article when their searches were recorded, by how often. */
  zero: Array<{ term: string; zero_searches: number }>;
}

/** GET /api/admin/numbers/missing: the period's 404s of public pages by path, most first, with their referring hosts. */
export interface MissingPageNumbers {
  period: NumbersPeriod;
  from: string;
  total: number;
  paths: Array<{ path: string; hits: number; referrers: Array<{ host: string; hits: number }> }>;
}
