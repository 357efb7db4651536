import Router from '@koa/router';
import { articleLimitQuerySchema, articleListQuerySchema } from '@coinmag/contracts';
import { parseInput, ValidationError } from '@coinmag/service-kit';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import type { PopularRanking } from '../cache/popular-ranking.js';
import type { CacheNamespace } from '../cache/response-cache.js';
import type { ArticlesService } from './articles.service.js';

const SLUG_PARAM = /^[\p{L}\p{N}_-]{1,200}$/u;
/** Article bodies show category names and view counts, so they depend on those too. */
const ARTICLE_DEPS: CacheNamespace[] = ['articles', 'categories', 'views'];
/** Popular follows today's reading: its cached copy is renewed every half minute. */
const POPULAR_BUCKET_MS = 30_000;

function slugParam(raw: string): string {
  if (!SLUG_PARAM.test(raw)) throw new ValidationError('slug', '網址代稱格式不正確');
  return raw;
}

const idsOf = (items: Array<{ id: number }>) => items.map((item) => item.id);

/** GET /api/articles… (public, cached). Ranked lists are registered before /:slug so their names win. */
export function publicArticleRoutes(service: ArticlesService, responder: PublicResponder, ranking?: PopularRanking): Router {
  const router = new Router({ prefix: '/api/articles' });

  router.get('/', async (ctx) => {
    const query = parseInput(articleListQuerySchema, ctx.query);
    const key = `list:${query.page}:${query.limit}:${query.category ?? ''}:${query.search ?? ''}`;
    await respondCached(ctx, responder, key, ARTICLE_DEPS, async () => {
      const value = await service.list(query);
      return { value, ids: idsOf(value.articles) };
    });
  });

  for (const [order, defaultLimit] of [['featured', 5], ['carousel', 10], ['latest', 10]] as const) {
    router.get(`/${order}`, async (ctx) => {
      const { limit } = parseInput(articleLimitQuerySchema(defaultLimit), ctx.query);
      await respondCached(ctx, responder, `${order}:${limit}`, ARTICLE_DEPS, async () => {
        const value = await service.ranked(order, limit);
        return { value, ids: idsOf(value) };
      });
    });
  }

  router.get('/popular', async (ctx) => {
    const { limit } = parseInput(articleLimitQuerySchema(10), ctx.query);
    const bucket = Math.floor(Date.now() / POPULAR_BUCKET_MS);
    await respondCached(ctx, responder, `popular:${limit}:${bucket}`, ARTICLE_DEPS, async () => {
      const value = await service.popular(limit);
      return { value, ids: idsOf(value) };
    });
  });

  const computeDetail = (slug: string) => async () => {
    const value = await service.detail(slug);
    return { value, ids: [value.id] };
  };

  router.get('/:slug', async (ctx) => {
    const slug = slugParam(ctx.params.slug!);
    await respondCached(ctx, responder, `detail:${slug}`, ARTICLE_DEPS, computeDetail(slug));
  });

  /** The view beacon: one call per page view, counted even when the page itself came from a cache. */
  router.post('/:slug/views', async (ctx) => {
    const slug = slugParam(ctx.params.slug!);
    const cached = await responder.cache.get(`detail:${slug}`, ARTICLE_DEPS, computeDetail(slug));
    const id = cached.ids[0]!;
    await responder.views.record(id);
    await ranking?.record(id).catch(() => {});
    const base = (JSON.parse(cached.body) as { view_count: number }).view_count;
    const pending = (await responder.views.pendingFor([id])).get(id) ?? 0;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { view_count: base + pending };
  });

  return router;
}
