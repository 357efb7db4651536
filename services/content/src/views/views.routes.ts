import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { API_MESSAGES, VIEW_BEACON_BATCH_MAX, VIEW_BEACON_BATCH_MAX_BYTES, VIEW_BEACONS_PATH, type ViewBeaconAnswer, type ViewBeaconAnswers } from '@coinmag/contracts';
import { addressesTrusted, errorAnswer, parseInput, readJsonBody, ValidationError } from '@coinmag/service-kit';
import { slugParam } from '../articles/articles.routes.js';
import type { BeaconAnswer, ViewsService } from './views.service.js';

const beaconQuerySchema = z.object({ pv: z.string().uuid('瀏覽識別碼格式不正確').optional() });
const USER_AGENT_LENGTH = 512;
const ADDRESS_LENGTH = 64;

/** One beacon as either route receives it: checked as the single route checks it, then counted. */
function beacon(service: ViewsService, slug: string, query: unknown, address: string, userAgent: string): Promise<BeaconAnswer> {
  const checkedSlug = slugParam(slug);
  const { pv } = parseInput(beaconQuerySchema, query);
  return service.beacon(checkedSlug, { address, userAgent: userAgent.slice(0, USER_AGENT_LENGTH), pageViewId: pv });
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/** A batch's beacon, answered as the single route answers it (its failure is its own, not the batch's). */
async function batchedBeacon(service: ViewsService, ctx: Context, item: unknown): Promise<ViewBeaconAnswer> {
  try {
    const { slug, pv, address, userAgent } = (item ?? {}) as Record<string, unknown>;
    if (!isText(slug, 1000) || !(pv === undefined || isText(pv, 100)) || !isText(address, ADDRESS_LENGTH) || !isText(userAgent, USER_AGENT_LENGTH)) {
      throw new ValidationError(undefined, API_MESSAGES.viewBeaconsInvalid);
    }
    // Addresses are believed on the gateway's requests only, as X-Forwarded-For is.
    const answer = await beacon(service, slug, pv === undefined ? {} : { pv }, addressesTrusted(ctx) ? address : ctx.ip, userAgent);
    return { status: 200, body: answer };
  } catch (err) {
    const failed = errorAnswer(err, ctx.state.log);
    return { status: failed.status, body: failed.body, ...(failed.headers['Retry-After'] ? { retryAfter: failed.headers['Retry-After'] } : {}) };
  }
}

/**
 * POST /api/articles/{slug}/views?pv={page-view id}: the view beacon, one per page view,
 * counted even when the page itself came from a cache. Never cached.
 * POST /internal/view-beacons: the same for a batch of beacons the gateway received, one answer each.
 */
export function viewBeaconRoutes(service: ViewsService): Router {
  const router = new Router();
  router.post('/api/articles/:slug/views', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await beacon(service, ctx.params.slug!, ctx.query, ctx.ip, ctx.get('user-agent'));
  });
  router.post(VIEW_BEACONS_PATH, async (ctx) => {
    const body = (await readJsonBody(ctx, VIEW_BEACON_BATCH_MAX_BYTES)) as { beacons?: unknown };
    const items = body?.beacons;
    if (!Array.isArray(items) || items.length === 0 || items.length > VIEW_BEACON_BATCH_MAX) throw new ValidationError('beacons', API_MESSAGES.viewBeaconsInvalid);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { answers: await Promise.all(items.map((item) => batchedBeacon(service, ctx, item))) } satisfies ViewBeaconAnswers;
  });
  return router;
}
