import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  API_MESSAGES, VIEW_ARTICLES_MAX, VIEW_ARTICLES_PATH, VIEW_BATCH_ARTICLES_MAX, VIEW_BATCHES_MAX, VIEW_BATCHES_PATH, VIEW_BEACON_BATCH_MAX, VIEW_BEACON_BATCH_MAX_BYTES, VIEW_BEACONS_PATH,
  type ViewArticlesAnswer, type ViewBeaconAnswer, type ViewBeaconAnswers,
} from '@coinmag/contracts';
import { addressesTrusted, errorAnswer, ForbiddenError, parseInput, readJsonBody, ServiceUnavailableError, ValidationError } from '@coinmag/service-kit';
import {
  checkedReferrerHost, parseBucketField, parseViewBatchName, REFERRER_HOST_MAX, viewSource, type BucketCounts, type ContentViews, type CountedBeacon, type ViewBatch, type ViewCounts,
} from '@coinmag/views';
import { slugParam } from '../articles/articles.routes.js';

/** `r`: the referring site's host; anything but a hostname is taken as no host (direct), never refused. */
const beaconQuerySchema = z.object({ pv: z.string().uuid('瀏覽識別碼格式不正確').optional(), r: z.unknown().optional() });
const USER_AGENT_LENGTH = 512;
const ADDRESS_LENGTH = 64;
/** A hand-over's body at most: a batch name and a few bytes per article. */
const HAND_OVER_MAX_BYTES = 1024 * 1024;

/** One beacon as either route receives it: checked as the single route checks it, then counted. `ownHost`: this site's (a referrer there is direct). */
function beacon(counting: ContentViews, slug: string, query: unknown, address: string, userAgent: string, ownHost: string): Promise<CountedBeacon> {
  const checkedSlug = slugParam(slug);
  const { pv, r } = parseInput(beaconQuerySchema, query);
  const referrer = viewSource(checkedReferrerHost(r), ownHost).host;
  return counting.views.count({ slug: checkedSlug, address, userAgent: userAgent.slice(0, USER_AGENT_LENGTH), ...(pv === undefined ? {} : { pageViewId: pv }), ...(referrer ? { referrer } : {}) });
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** A batch's beacon, answered as the single route answers it (its failure is its own, not the batch's). */
async function batchedBeacon(counting: ContentViews, ctx: Context, item: unknown): Promise<ViewBeaconAnswer> {
  try {
    const { slug, pv, address, userAgent, referrer } = (item ?? {}) as Record<string, unknown>;
    if (!isText(slug, 1000) || !(pv === undefined || isText(pv, 100)) || !isText(address, ADDRESS_LENGTH) || !isText(userAgent, USER_AGENT_LENGTH) || !(referrer === undefined || isText(referrer, REFERRER_HOST_MAX))) {
      throw new ValidationError(undefined, API_MESSAGES.viewBeaconsInvalid);
    }
    // Addresses are believed on the gateway's requests only, as X-Forwarded-For is. The gateway left out its own host already.
    const answer = await beacon(counting, slug, { ...(pv === undefined ? {} : { pv }), ...(referrer === undefined ? {} : { r: referrer }) }, addressesTrusted(ctx) ? address : ctx.ip, userAgent, '');
    return { status: 200, body: answer };
  } catch (err) {
    const failed = errorAnswer(err, ctx.state.log);
    return { status: failed.status, body: failed.body, ...(failed.headers['Retry-After'] ? { retryAfter: failed.headers['Retry-After'] } : {}) };
  }
}

/** A hand-over of counted views: named batches of positive counts per article id and per bucket field; anything else is refused whole. */
function handedBatches(body: unknown): ViewBatch[] {
  const batches = (body as { batches?: unknown } | undefined)?.batches;
  const invalid = () => new ValidationError('batches', API_MESSAGES.viewBeaconsInvalid);
  if (!Array.isArray(batches) || batches.length === 0 || batches.length > VIEW_BATCHES_MAX) throw invalid();
  return batches.map((batch: unknown) => {
    const { name, counts, buckets = {} } = (batch ?? {}) as { name?: unknown; counts?: unknown; buckets?: unknown };
    const isRecord = (value: unknown) => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
    if (typeof name !== 'string' || !parseViewBatchName(name) || !isRecord(counts) || !isRecord(buckets)) throw invalid();
    const entries = Object.entries(counts as Record<string, unknown>);
    const bucketEntries = Object.entries(buckets as Record<string, unknown>);
    if (entries.length > VIEW_BATCH_ARTICLES_MAX || bucketEntries.length > VIEW_BATCH_ARTICLES_MAX) throw invalid();
    const isCount = (count: unknown) => Number.isSafeInteger(count) && (count as number) >= 1;
    const parsed: ViewCounts = new Map();
    for (const [id, count] of entries) {
      if (!/^[1-9]\d{0,9}$/.test(id) || !isCount(count)) throw invalid();
      parsed.set(Number(id), count as number);
    }
    const parsedBuckets: BucketCounts = new Map();
    for (const [field, count] of bucketEntries) {
      if (!parseBucketField(field) || !isCount(count)) throw invalid();
      parsedBuckets.set(field, count as number);
    }
    return { name, counts: parsed, buckets: parsedBuckets };
  });
}

export interface CountingElsewhere {
  flushIntervalMs: number;
  /** This service's Redis key prefix when its Redis can hold views another process counts (else nobody else counts). */
  sharedPrefix?: string;
}

/**
 * POST /api/articles/{slug}/views?pv={page-view id}: the view beacon, one per page view,
 * counted even when the page itself came from a cache. Never cached.
 * POST /internal/view-beacons: the same for a batch of beacons the gateway received, one answer each.
 * GET /internal/view-articles?slug=… and POST /internal/view-batches: for the gateway, which counts
 * the beacons it receives in this service's Redis, and hands what it counted here to be applied.
 */
export function viewBeaconRoutes(counting: ContentViews, elsewhere?: CountingElsewhere): Router {
  const router = new Router();
  router.post('/api/articles/:slug/views', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await beacon(counting, ctx.params.slug!, ctx.query, ctx.ip, ctx.get('user-agent'), ctx.hostname);
  });
  router.post(VIEW_BEACONS_PATH, async (ctx) => {
    const body = (await readJsonBody(ctx, VIEW_BEACON_BATCH_MAX_BYTES)) as { beacons?: unknown };
    const items = body?.beacons;
    if (!Array.isArray(items) || items.length === 0 || items.length > VIEW_BEACON_BATCH_MAX) throw new ValidationError('beacons', API_MESSAGES.viewBeaconsInvalid);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { answers: await Promise.all(items.map((item) => batchedBeacon(counting, ctx, item))) } satisfies ViewBeaconAnswers;
  });
  if (!elsewhere) return router;
  router.get(VIEW_ARTICLES_PATH, async (ctx) => {
    if (elsewhere.sharedPrefix === undefined) throw new ServiceUnavailableError('瀏覽次數暫時由內容服務計算');
    const asked = ctx.query.slug;
    const slugs = [...new Set(Array.isArray(asked) ? asked : asked === undefined ? [] : [asked])];
    if (slugs.length === 0 || slugs.length > VIEW_ARTICLES_MAX) throw new ValidationError('slug', API_MESSAGES.viewBeaconsInvalid);
    // Unavailable while the article versions say nothing (no shared store, or an invalidation not recorded).
    if (!counting.stampsTrusted()) throw new ServiceUnavailableError('瀏覽次數暫時由內容服務計算');
    const found = await counting.articles.readMany(slugs.map(slugParam));
    const articles: ViewArticlesAnswer['articles'] = {};
    for (const [slug, article] of found) articles[slug] = article ? { id: article.id, base: article.base, stamp: [...article.stamp] } : null;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { articles, limits: counting.limits, flushIntervalMs: elsewhere.flushIntervalMs, prefix: elsewhere.sharedPrefix } satisfies ViewArticlesAnswer;
  });
  router.post(VIEW_BATCHES_PATH, async (ctx) => {
    // Views are added only on the gateway's word, as its addresses are believed.
    if (!addressesTrusted(ctx)) throw new ForbiddenError('只接受閘道送來的瀏覽紀錄');
    const batches = handedBatches(await readJsonBody(ctx, HAND_OVER_MAX_BYTES));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { applied: await counting.counter.applyHanded(batches) };
  });
  return router;
}
