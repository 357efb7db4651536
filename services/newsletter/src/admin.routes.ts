import Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { articleCampaignSchema, campaignEditSchema, campaignSendSchema, campaignTestSchema, NEWSLETTER_ADMIN_PATH } from '@coinmag/contracts';
import { parseInput, readJsonBody, ValidationError } from '@coinmag/service-kit';
import { previewCampaign } from './campaigns/campaign-preview.js';
import type { CampaignsService } from './campaigns/campaigns.service.js';
import type { AdminSubscribersService } from './subscribers/admin-subscribers.service.js';

const idParam = (value: string | undefined) => {
  if (!value || !/^\d{1,15}$/.test(value)) throw new ValidationError('id', '編號格式不正確');
  return Number(value);
};

const statusSchema = z.enum(['pending', 'confirmed', 'unsubscribed', 'suppressed']).optional();
const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
/** GET /subscribers: by state and page only — an address searched for travels in a body, never in a URL (proxies log URLs). */
const subscriberListSchema = z.object({ status: statusSchema, page: pageSchema }).strict();
/** Body of POST /subscribers/search. */
const subscriberSearchSchema = z.object({ q: z.string().trim().max(254).optional(), status: statusSchema, page: pageSchema }).strict();
const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** 訂閱者, 寄件匣 and 電子報: the admin's only (the gateway guards the prefix too). */
export function adminRoutes(subscribers: AdminSubscribersService, campaigns: CampaignsService, adminGuard: Middleware, siteOrigin: string): Router {
  const router = new Router({ prefix: NEWSLETTER_ADMIN_PATH });
  router.use(adminGuard, async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/subscribers', async (ctx) => {
    if ('q' in ctx.query) throw new ValidationError('q', '搜尋請用 POST /subscribers/search：電子郵件地址不放在網址裡');
    ctx.body = await subscribers.search(parseInput(subscriberListSchema, ctx.query));
  });
  router.post('/subscribers/search', async (ctx) => {
    ctx.body = await subscribers.search(parseInput(subscriberSearchSchema, await readJsonBody(ctx, 2048)));
  });
  router.get('/subscribers.csv', async (ctx) => {
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment('subscribers.csv');
    const { Readable } = await import('node:stream');
    ctx.body = Readable.from(subscribers.csv());
  });
  router.delete('/subscribers/:id', async (ctx) => {
    await subscribers.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });

  router.get('/mailbox', async (ctx) => {
    ctx.body = await subscribers.mailbox(parseInput(pageQuerySchema.strict(), ctx.query).page);
  });
  router.get('/mailbox/:id', async (ctx) => {
    ctx.body = await subscribers.mailboxMessage(idParam(ctx.params.id));
  });

  router.get('/campaigns', async (ctx) => {
    ctx.body = await campaigns.list();
  });
  router.post('/campaigns/digest', async (ctx) => {
    ctx.status = 201;
    ctx.body = await campaigns.draftDigest();
  });
  router.post('/campaigns/preview', async (ctx) => {
    ctx.body = previewCampaign(parseInput(campaignEditSchema, await readJsonBody(ctx, 128 * 1024)), siteOrigin);
  });
  router.post('/article-campaigns', async (ctx) => {
    const input = parseInput(articleCampaignSchema, await readJsonBody(ctx, 2048));
    ctx.body = await campaigns.forArticle(input.articleId, input.slug);
  });
  router.get('/campaigns/:id', async (ctx) => {
    ctx.body = await campaigns.get(idParam(ctx.params.id));
  });
  router.put('/campaigns/:id', async (ctx) => {
    ctx.body = await campaigns.edit(idParam(ctx.params.id), parseInput(campaignEditSchema, await readJsonBody(ctx, 128 * 1024)));
  });
  router.post('/campaigns/:id/test', async (ctx) => {
    const { email } = parseInput(campaignTestSchema, await readJsonBody(ctx, 1024));
    await campaigns.sendTest(idParam(ctx.params.id), email);
    ctx.status = 202;
    ctx.body = { message: '測試信已排入寄送' };
  });
  router.post('/campaigns/:id/send', async (ctx) => {
    const { at } = parseInput(campaignSendSchema, await readJsonBody(ctx, 1024));
    ctx.body = await campaigns.send(idParam(ctx.params.id), at ? new Date(at) : undefined);
  });
  router.post('/campaigns/:id/cancel', async (ctx) => {
    ctx.body = await campaigns.cancel(idParam(ctx.params.id));
  });

  return router;
}
