/**
 * The gateway hands the content service the view beacons it receives in batches: one internal
 * request (never routed by the gateway) for the beacons that arrived while the previous batch was
 * on its way, instead of one proxied request each. Each beacon is answered exactly as
 * `POST /api/articles/{slug}/views?pv=…` answers it alone.
 */
export const VIEW_BEACONS_PATH = '/internal/view-beacons';
/** Beacons in one batch at most. */
export const VIEW_BEACON_BATCH_MAX = 256;
/** A batch's body at most: each beacon's fields are bounded (a slug, a page-view id, an address, a user agent of 512). */
export const VIEW_BEACON_BATCH_MAX_BYTES = VIEW_BEACON_BATCH_MAX * 2048;

export interface ViewBeaconItem {
  /** The article's slug, decoded from the path. */
  slug: string;
  /** The page view's id (`pv`), when the page sent one. */
  pv?: string;
  /** The client address as the gateway reports it (believed only on the gateway's requests). */
  address: string;
  userAgent: string;
  /** The referring site's host the page sent (`r`), checked at the edge; absent when direct. */
  referrer?: string;
}

export interface ViewBeaconBatch {
  beacons: ViewBeaconItem[];
}

/** One beacon's answer: the status and JSON body the single route gives it, and Retry-After when it has one. */
export interface ViewBeaconAnswer {
  status: number;
  body: unknown;
  retryAfter?: string;
}

export interface ViewBeaconAnswers {
  answers: ViewBeaconAnswer[];
}

/**
 * The gateway counts the beacons it receives itself, in the content service's Redis (the same
 * script, keys and limits: service-kit's views module), when it can. It asks the content service
 * which public article a slug names (internal, never routed by the gateway), and hands it the
 * views it counted once per flush interval, which the content service applies to Postgres as it
 * applies its own batches.
 */
export const VIEW_ARTICLES_PATH = '/internal/view-articles';
export const VIEW_BATCHES_PATH = '/internal/view-batches';
/** Batches in one hand-over at most, and articles in one batch. */
export const VIEW_BATCHES_MAX = 64;
export const VIEW_BATCH_ARTICLES_MAX = 10_000;

/** Slugs asked at once at most. */
export const VIEW_ARTICLES_MAX = 100;

/** `GET /internal/view-articles?slug=…&slug=…`: the public articles beacons name, and how views are counted. */
export interface ViewArticlesAnswer {
  /** Per slug asked: its public article (Postgres's figure, the article versions read before it), or null. */
  articles: Record<string, { id: number; base: number; stamp: string[] } | null>;
  limits: { windowMs: number; beaconsPerMinute: number; readersPerAddress: number };
  /** How often counted views are handed over (the content service's VIEW_FLUSH_INTERVAL_MS). */
  flushIntervalMs: number;
  /** The content service's Redis key prefix: the gateway counts there only with the same one. */
  prefix: string;
}

/** `POST /internal/view-batches`: batches of counted views, per article id and per hourly bucket field, each applied once. */
export interface ViewBatchesHandOver {
  batches: Array<{ name: string; counts: Record<string, number>; buckets?: Record<string, number> }>;
}
