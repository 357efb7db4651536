import { hash } from 'node:crypto';

/**
 * View counting's layout in Redis, the same for every process that counts a view (the content
 * service, and the gateway, which counts the beacons it receives itself): a view counted by either
 * is admitted, held and applied the same way (docs/adr/0003, 0012, 0014).
 */

/** Every batch hash of counted views is listed here, so a batch whose process died is found and applied. */
export const VIEW_BATCH_REGISTRY = 'views:batches';
/** The cache versions every public article answer depends on (the content cache's `v:gen` and `v:articles`). */
export const ARTICLE_STAMP_KEYS: readonly string[] = ['v:gen', 'v:articles'];
/** How long the count last shown for an article is kept, so no answer shows a lower one (any process). */
export const SHOWN_TTL_MS = 60 * 60_000;
/** A batch older than this whose process has not applied it may be applied by anyone. */
export const ORPHAN_BATCH_AFTER_MS = 10_000;

/** `views:batch:{opened at}:{owner}:{sequence}`: the name says when it was opened and by whom. */
export function viewBatchName(openedAt: number, owner: string, sequence: number): string {
  return `views:batch:${openedAt}:${owner}:${sequence}`;
}
const BATCH_NAME = /^views:batch:(\d{1,15}):([0-9a-f-]{36}):(\d{1,12})$/;
/** The parts of a batch name; undefined for anything else. */
export function parseViewBatchName(name: string): { openedAt: number; owner: string } | undefined {
  const match = BATCH_NAME.exec(name);
  return match ? { openedAt: Number(match[1]), owner: match[2]! } : undefined;
}

export interface AdmissionLimits {
  /** One view per reader (address + user agent) per article per window. */
  windowMs: number;
  /** Beacons one address may send per minute, counted or not. */
  beaconsPerMinute: number;
  /** Views one address may add to one article per window (readers behind one NAT). */
  readersPerAddress: number;
}

export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = { windowMs: 30 * 60_000, beaconsPerMinute: 60, readersPerAddress: 20 };

/** A counter that expires: INCR, PEXPIRE `ttlMs` when new, and no more than `limit`. */
export interface ExpiringCounter {
  key: string;
  ttlMs: number;
  limit: number;
}

export interface AdmissionCheck {
  rate: ExpiringCounter;
  /** Keys set once (SET NX PX `onceTtlMs`). */
  once: string[];
  /**
   * The first of `once` when the beacon carries its page view's id: marked `counted` once the view
   * is, so the same page view sent again (a resend after a gateway died mid-answer) is answered as
   * counted without counting it twice.
   */
  pageViewKey?: string;
  onceTtlMs: number;
  cap: ExpiringCounter;
}

export interface Reader {
  /** The client's address as the gateway reports it; only ever stored as a keyed hash. */
  address: string;
  userAgent: string;
  /** The page's own id for this page view: a retried beacon carries the same one. */
  pageViewId?: string;
}

const MINUTE_MS = 60_000;
/** The secret as text, kept per secret (one per window). */
const secretTexts = new WeakMap<Buffer, string>();
function secretText(secret: Buffer): string {
  let text = secretTexts.get(secret);
  if (text === undefined) secretTexts.set(secret, (text = secret.toString('base64')));
  return text;
}
const KEY_CHARS = 32;

/** The window a time falls in, and the key of its secret (which lives two windows). */
export function viewWindow(now: number, limits: AdmissionLimits): { window: number; secretKey: string; secretTtlMs: number } {
  const window = Math.floor(now / limits.windowMs);
  return { window, secretKey: `views:secret:${window}`, secretTtlMs: 2 * limits.windowMs };
}

/**
 * What the store checks for a beacon: the per-address rate, this page view and this reader once,
 * the per-address cap. Readers are known only by keyed hashes under the window's secret: the
 * address hashed after the secret (SHA-256 of secret and address, a keyed hash as HMAC is for
 * this use: its full digest is never stored, so it cannot be extended), and from that full digest
 * (of which the rate key shows only part) hashes with the article and the user agent. No raw
 * address is stored, the keys of one address cannot be tied to each other without the secret, and
 * once the secret is gone to no one. One-shot hashes: about a fifth of an HMAC object's cost.
 */
export function admissionCheck(secret: Buffer, limits: AdmissionLimits, now: number, articleId: number, reader: Reader): AdmissionCheck {
  const window = Math.floor(now / limits.windowMs);
  const minute = Math.floor(now / MINUTE_MS);
  const address = hash('sha256', `${secretText(secret)}\n${reader.address}`, 'base64url');
  const derived = (text: string) => hash('sha256', text, 'base64url').slice(0, KEY_CHARS);
  const once = [`views:reader:${window}:${derived(`${address}\n${articleId}\n${reader.userAgent}`)}`];
  if (reader.pageViewId) once.unshift(`views:page-view:${articleId}:${reader.pageViewId}`);
  return {
    rate: { key: `views:rate:${address.slice(0, KEY_CHARS)}:${minute}`, ttlMs: MINUTE_MS, limit: limits.beaconsPerMinute },
    once,
    ...(reader.pageViewId ? { pageViewKey: once[0] } : {}),
    onceTtlMs: limits.windowMs,
    cap: { key: `views:address:${window}:${derived(`${address}\n${articleId}`)}`, ttlMs: limits.windowMs, limit: limits.readersPerAddress },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of views the popular ranking sums. */
export const POPULAR_WINDOW_DAYS = 7;
let lastDay: { day: number; ranking: { key: string; ttlMs: number } } | undefined;
/** Where the views of the day `time` falls in are ranked (a sorted set kept a day past the window). */
export function popularDay(time: number): { key: string; ttlMs: number } {
  const day = Math.floor(time / DAY_MS);
  if (lastDay?.day !== day) lastDay = { day, ranking: { key: `popular:${new Date(time).toISOString().slice(0, 10)}`, ttlMs: (POPULAR_WINDOW_DAYS + 1) * DAY_MS } };
  return lastDay.ranking;
}
