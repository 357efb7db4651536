import Router from '@koa/router';
import { articleLimitQuerySchema, articleListQuerySchema, FLASH_DEP } from '@coinmag/contracts';
import { isSlugParam, tagKey } from '@coinmag/rules';
import { parseInput, ValidationError } from '@coinmag/service-kit';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import type { CacheNamespace } from '../cache/response-cache.js';
import type { ArticlesService } from './articles.service.js';

/** Article bodies show category names, so they depend on categories too. */
const ARTICLE_DEPS: CacheNamespace[] = ['articles', 'categories'];
/** A tag's article list. */
const TAG_LIST_DEPS: CacheNamespace[] = [...ARTICLE_DEPS, FLASH_DEP];
/** An article's body links the glossary's terms (docs/product.md §3 Glossary). */
const DETAIL_DEPS: CacheNamespace[] = [...ARTICLE_DEPS, 'glossary'];
/**
 * Popular follows today's reading: its cached copy is renewed every half minute. The view
 * counts in every article body are Postgres's figure when the body was built; no view ever
 * invalidates a body, they are rebuilt at least this often (the beacon answers the live figure).
 */
export const VIEW_FIGURES_MAX_AGE_MS = 30_000;

export function slugParam(raw: string): string {
  if (!isSlugParam(raw)) throw new ValidationError('slug', '網址代稱格式不正確');
  return raw;
}

/** GET /api/articles… (public, cached). Ranked lists are registered before /:slug so their names win. */
export function publicArticleRoutes(service: ArticlesService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api/articles' });

  router.get('/', async (ctx) => {
    const query = parseInput(articleListQuerySchema, ctx.query);
    const key = `list:${query.page}:${query.limit}:${query.category ?? ''}:${query.search ?? ''}:${query.tag ? tagKey(query.tag) : ''}`;
    // A tag's list answers 404 or an empty list by whether 快訊 items carry the tag: it follows their writes too.
    await respondCached(ctx, responder, key, query.tag ? TAG_LIST_DEPS : ARTICLE_DEPS, async () => ({ value: await service.list(query) }), VIEW_FIGURES_MAX_AGE_MS);
  });

  for (const [order, defaultLimit] of [['featured', 5], ['carousel', 10], ['latest', 10]] as const) {
    router.get(`/${order}`, async (ctx) => {
      const { limit } = parseInput(articleLimitQuerySchema(defaultLimit), ctx.query);
      await respondCached(ctx, responder, `${order}:${limit}`, ARTICLE_DEPS, async () => ({ value: await service.ranked(order, limit) }), VIEW_FIGURES_MAX_AGE_MS);
    });
  }

  router.get('/popular', async (ctx) => {
    const { limit } = parseInput(articleLimitQuerySchema(10), ctx.query);
    await respondCached(ctx, responder, `popular:${limit}`, ARTICLE_DEPS, async () => ({ value: await service.popular(limit) }), VIEW_FIGURES_MAX_AGE_MS);
  });

  // What the media service draws an article's social card from: not the whole article (a body may be 2 MB).
  router.get('/:slug/card', async (ctx) => {
    const slug = slugParam(ctx.params.slug!);
    await respondCached(ctx, responder, `card:${slug}`, ARTICLE_DEPS, async () => ({ value: await service.cardText(slug) }));
  });

  router.get('/:slug', async (ctx) => {
    const slug = slugParam(ctx.params.slug!);
    await respondCached(ctx, responder, `detail:${slug}`, DETAIL_DEPS, async () => ({ value: await service.detail(slug) }), VIEW_FIGURES_MAX_AGE_MS);
  });

  return router;
}
