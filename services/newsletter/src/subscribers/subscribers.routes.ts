import Router from '@koa/router';
import { confirmInputSchema, linkTokenSchema, NEWSLETTER_MESSAGES, NEWSLETTER_PATHS, preferencesInputSchema, subscribeInputSchema } from '@coinmag/contracts';
import { parseInput, readJsonBody } from '@coinmag/service-kit';
import { answerFormPost, isFormPost } from './subscribe-form-post.js';
import { LinkGoneError, type SubscribersService } from './subscribers.service.js';

/** The reader's side: subscribe, a link's page, confirm, preferences, one-click unsubscribe. Never cached. */
export function subscribersRoutes(subscribers: SubscribersService): Router {
  const router = new Router();
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.post(NEWSLETTER_PATHS.subscribe, async (ctx) => {
    // The form without its script: a page, not JSON (subscribe-form-post.ts).
    if (isFormPost(ctx)) {
      await answerFormPost(ctx, async (input) => {
        await subscribers.subscribe(input, ctx.request.ip);
        return NEWSLETTER_MESSAGES.subscribed;
      });
      return;
    }
    const input = parseInput(subscribeInputSchema, await readJsonBody(ctx, 4096));
    await subscribers.subscribe(input, ctx.request.ip);
    ctx.status = 202;
    ctx.body = { message: NEWSLETTER_MESSAGES.subscribed };
  });

  router.get(NEWSLETTER_PATHS.link, async (ctx) => {
    const token = linkTokenSchema.safeParse(ctx.query.t);
    if (!token.success) throw new LinkGoneError();
    ctx.body = await subscribers.linkState(token.data);
  });

  router.post(NEWSLETTER_PATHS.confirm, async (ctx) => {
    const { token } = parseInput(confirmInputSchema, await readJsonBody(ctx, 1024));
    ctx.body = { ...(await subscribers.confirm(token)), message: NEWSLETTER_MESSAGES.confirmed };
  });

  router.put(NEWSLETTER_PATHS.preferences, async (ctx) => {
    const input = parseInput(preferencesInputSchema, await readJsonBody(ctx, 4096));
    ctx.body = { ...(await subscribers.savePreferences(input.token, input)), message: NEWSLETTER_MESSAGES.saved };
  });

  // RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` to the URL of List-Unsubscribe
  // (the signed link in ?t=); the unsubscribe page POSTs JSON { token }.
  router.post(NEWSLETTER_PATHS.unsubscribe, async (ctx) => {
    const fromQuery = typeof ctx.query.t === 'string' ? ctx.query.t : undefined;
    const token = fromQuery ?? parseInput(confirmInputSchema, await readJsonBody(ctx, 1024)).token;
    if (!linkTokenSchema.safeParse(token).success) throw new LinkGoneError();
    await subscribers.unsubscribe(token);
    ctx.body = { message: NEWSLETTER_MESSAGES.unsubscribed };
  });

  return router;
}
