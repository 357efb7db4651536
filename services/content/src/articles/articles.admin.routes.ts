import { z } from 'zod';
import { bearerToken, parseInput, readMultipart, ValidationError } from '@coinmag/service-kit';
import { API_MESSAGES, ARTICLE_LIMITS } from '@coinmag/contracts';
import { adminRouter, idParam } from '../admin/admin-router.js';
import type { AdminArticlesService } from './admin-articles.service.js';
import { parseArticleInput } from './article-input.js';

const listQuery = z.object({
  limit: z.coerce.number({ invalid_type_error: 'limit 必須是數字' }).int().min(1, 'limit 必須介於 1 到 100').max(100, 'limit 必須介於 1 到 100').default(100),
  page: z.coerce.number({ invalid_type_error: 'page 必須是數字' }).int().min(1, 'page 必須大於或等於 1').default(1),
});

const MULTIPART_LIMITS = {
  fileBytes: 50 * 1024 * 1024,
  fieldBytes: ARTICLE_LIMITS.contentBytes + 1024,
  fields: 30,
  files: 1,
  fileTooLargeMessage: API_MESSAGES.payloadTooLarge,
  // Far past 2 MB the field is cut off while read: the same text as just past it.
  fieldTooLargeMessages: { content: API_MESSAGES.articleContentTooLarge },
  // The body is HTML: a NUL or control character in it is dropped, as an HTML parser would.
  stripUnsafeIn: ['content'],
};

/** The optional `version` field: the article version the form was loaded at. */
function versionField(raw: string | undefined): number | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new ValidationError('version', 'version 必須是正整數');
  return Number(value);
}

/** The optional `draft_key` field: the browser's key of a new draft's autosave. */
function draftKeyField(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  return value && /^[A-Za-z0-9-]{8,64}$/.test(value) ? value : undefined;
}

/** /api/articles/admin… : the back office's article calls (multipart writes, docs/product.md §7). */
export function adminArticleRoutes(service: AdminArticlesService, publicKey: string) {
  const router = adminRouter('/api/articles/admin', publicKey);

  router.get('/all', async (ctx) => {
    const { limit, page } = parseInput(listQuery, ctx.query);
    ctx.body = await service.list(limit, page);
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await service.get(idParam(ctx.params.id));
  });

  const write = async (ctx: Parameters<Parameters<typeof router.post>[1]>[0], id?: number) => {
    const { fields, files } = await readMultipart(ctx, MULTIPART_LIMITS);
    const input = parseArticleInput(fields);
    const cover = files.find((file) => file.field === 'featured_image');
    const version = versionField(fields.version);
    const draftKey = draftKeyField(fields.draft_key);
    const coverAlt = fields.featured_image_alt === undefined ? undefined : Array.from(fields.featured_image_alt.trim()).slice(0, 200).join('');
    const context = {
      token: bearerToken(ctx.get('authorization')) ?? '',
      requestId: ctx.state.requestId,
      ip: ctx.ip || null,
      ...(cover ? { cover } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(draftKey ? { draftKey } : {}),
      ...(coverAlt !== undefined ? { coverAlt } : {}),
    };
    return id === undefined ? service.create(input, context) : service.update(id, input, context);
  };

  router.post('/', async (ctx) => {
    ctx.status = 201;
    ctx.body = await write(ctx);
  });

  router.put('/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    ctx.body = await write(ctx, id);
  });

  router.delete('/:id', async (ctx) => {
    await service.delete(idParam(ctx.params.id), ctx.ip || null);
    ctx.body = { message: '已刪除' };
  });

  return router;
}
