import Router from '@koa/router';
import { FLASH_DEP, sitemapPageQuerySchema } from '@coinmag/contracts';
import { isSlugParam } from '@coinmag/rules';
import { parseInput, ValidationError } from '@coinmag/service-kit';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import type { CrawlService } from './crawl.service.js';

/**
 * GET /api/sitemap… and /api/redirects/… (public, cached): what the gateway's sitemap.xml and
 * its 301s for old slugs are made from. Publishing bumps `articles`, so the sitemap follows it.
 */
export function crawlRoutes(service: CrawlService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/sitemap', async (ctx) => {
    await respondCached(ctx, responder, 'sitemap:index', ['articles', 'categories', 'glossary', FLASH_DEP], async () => ({ value: await service.index(), ids: [] }));
  });
  router.get('/sitemap/articles', async (ctx) => {
    const { page } = parseInput(sitemapPageQuerySchema, ctx.query);
    await respondCached(ctx, responder, `sitemap:articles:${page}`, ['articles'], async () => ({ value: await service.articles(page), ids: [] }));
  });
  // Keyed by the hour too: an article leaves the 48-hour window with no write to move the ETag.
  router.get('/sitemap/news', async (ctx) => {
    await respondCached(ctx, responder, `sitemap:news:${Math.floor(Date.now() / 3_600_000)}`, ['articles', 'flash'], async () => ({ value: await service.news(), ids: [] }));
  });
  router.get('/sitemap/categories', async (ctx) => {
    await respondCached(ctx, responder, 'sitemap:categories', ['articles', 'categories'], async () => ({ value: await service.categories(), ids: [] }));
  });

  router.get('/sitemap/tags', async (ctx) => {
    await respondCached(ctx, responder, 'sitemap:tags', ['articles', FLASH_DEP], async () => ({ value: await service.tags(), ids: [] }));
  });
  router.get('/sitemap/flash', async (ctx) => {
    await respondCached(ctx, responder, 'sitemap:flash', [FLASH_DEP], async () => ({ value: await service.flash(), ids: [] }));
  });

  router.get('/redirects/:kind/:slug', async (ctx) => {
    const kind = ctx.params.kind;
    const slug = ctx.params.slug!;
    if (kind !== 'article' && kind !== 'category') throw new ValidationError('kind', 'kind 必須是 article 或 category');
    if (!isSlugParam(slug)) throw new ValidationError('slug', '網址代稱格式不正確');
    await respondCached(ctx, responder, `redirect:${kind}:${slug}`, kind === 'article' ? ['articles'] : ['categories'], async () => ({ value: await service.redirect(kind, slug), ids: [] }));
  });

  return router;
}
