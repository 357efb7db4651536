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
