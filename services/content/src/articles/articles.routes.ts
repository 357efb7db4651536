import Router from '@koa/router';
import { articleLimitQuerySchema, articleListQuerySchema } from '@coinmag/contracts';
import { parseInput, ValidationError } from '@coinmag/service-kit';
import type { ArticlesService } from './articles.service.js';

const SLUG_PARAM = /^[\p{L}\p{N}_-]{1,200}$/u;

function slugParam(raw: string): string {
  if (!SLUG_PARAM.test(raw)) throw new ValidationError('slug', '網址代稱格式不正確');
  return raw;
}

/** GET /api/articles… (public). Ranked lists are registered before /:slug so their names win. */
export function publicArticleRoutes(service: ArticlesService): Router {
  const router = new Router({ prefix: '/api/articles' });

  router.get('/', async (ctx) => {
    ctx.body = await service.list(parseInput(articleListQuerySchema, ctx.query));
  });

  const ranked = [
    ['featured', 5],
    ['carousel', 10],
    ['popular', 10],
    ['latest', 10],
  ] as const;
  for (const [order, defaultLimit] of ranked) {
    router.get(`/${order}`, async (ctx) => {
      const { limit } = parseInput(articleLimitQuerySchema(defaultLimit), ctx.query);
      ctx.body = await service.ranked(order, limit);
    });
  }

  router.get('/:slug', async (ctx) => {
    ctx.body = await service.detail(slugParam(ctx.params.slug!));
  });

  router.post('/:slug/views', async (ctx) => {
    ctx.body = { view_count: await service.countView(slugParam(ctx.params.slug!)) };
  });

  return router;
}
