import Router from '@koa/router';
import { glossaryImportSchema, glossarySettingsSchema, glossaryTermInputSchema } from '@coinmag/contracts';
import { isSlugParam, pageFromParam } from '@coinmag/rules';
import { parseInput, readJsonBody, ValidationError } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import { respondCached, type PublicResponder } from '../cache/cached-response.js';
import type { CacheNamespace } from '../cache/response-cache.js';
import type { GlossaryService } from './glossary.service.js';

/** A term's page lists the articles that use it: it follows article writes as well as the glossary's. */
const GLOSSARY_DEPS: CacheNamespace[] = ['glossary', 'articles'];
/** The form's panel sends the body as typed; as large as an article body may be. */
const LINK_PREVIEW_MAX_BYTES = 3 * 1024 * 1024;
const IMPORT_MAX_BYTES = 1024 * 1024;

/** GET /api/glossary and /api/glossary/{slug}?page=n (public, cached). */
export function publicGlossaryRoutes(service: GlossaryService, responder: PublicResponder): Router {
  const router = new Router({ prefix: '/api/glossary' });
  router.get('/', async (ctx) => {
    await respondCached(ctx, responder, 'glossary:index', GLOSSARY_DEPS, async () => ({ value: await service.publicIndex() }));
  });
  router.get('/:slug', async (ctx) => {
    const slug = ctx.params.slug!;
    if (!isSlugParam(slug)) throw new ValidationError('slug', '網址代稱格式不正確');
    const page = pageFromParam(typeof ctx.query.page === 'string' ? ctx.query.page : null);
    await respondCached(ctx, responder, `glossary:term:${slug}:${page}`, GLOSSARY_DEPS, async () => ({ value: await service.publicTerm(slug, page) }));
  });
  return router;
}

/** /api/glossary/admin…: terms, settings, the CSV import and the article form's link preview. */
export function adminGlossaryRoutes(service: GlossaryService, publicKey: string): Router {
  const router = adminRouter('/api/glossary/admin', publicKey);
  router.get('/terms', async (ctx) => {
    ctx.body = { terms: await service.list(typeof ctx.query.q === 'string' ? ctx.query.q : undefined) };
  });
  router.get('/terms/:id', async (ctx) => {
    ctx.body = await service.get(idParam(ctx.params.id));
  });
  router.post('/terms', async (ctx) => {
    const input = parseInput(glossaryTermInputSchema, await readJsonBody(ctx));
    ctx.status = 201;
    ctx.body = await service.create(input, ctx.ip || null);
  });
  router.put('/terms/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await service.update(id, parseInput(glossaryTermInputSchema, await readJsonBody(ctx)), ctx.ip || null);
  });
  router.delete('/terms/:id', async (ctx) => {
    await service.delete(idParam(ctx.params.id), ctx.ip || null);
    ctx.body = { message: '已刪除' };
  });
  router.get('/settings', async (ctx) => {
    ctx.body = await service.settings();
  });
  router.put('/settings', async (ctx) => {
    const { max_links } = parseInput(glossarySettingsSchema, await readJsonBody(ctx));
    ctx.body = await service.setSettings(max_links, ctx.ip || null);
  });
  router.post('/import', async (ctx) => {
    const { csv, apply } = parseInput(glossaryImportSchema, await readJsonBody(ctx, IMPORT_MAX_BYTES));
    ctx.body = await service.import(csv, apply, ctx.ip || null);
  });
  router.post('/links', async (ctx) => {
    const body = (await readJsonBody(ctx, LINK_PREVIEW_MAX_BYTES)) as { content?: unknown };
    if (typeof body?.content !== 'string') throw new ValidationError('content', '內容格式不正確');
    ctx.body = await service.linkPreview(body.content);
  });
  return router;
}
