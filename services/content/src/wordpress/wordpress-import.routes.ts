import Router from '@koa/router';
import { WORDPRESS_EXPORT_MAX_BYTES, WORDPRESS_IMPORT_PATHS } from '@coinmag/contracts';
import { PayloadTooLargeError, ValidationError } from '@coinmag/service-kit';
import { adminRouter, idParam } from '../admin/admin-router.js';
import type { WordPressOldLinks } from './wordpress-old-links.js';
import { WORDPRESS_MESSAGES, type WordPressImportService } from './wordpress-import.service.js';

const XML_TYPES = ['application/xml', 'text/xml', 'application/rss+xml', 'application/octet-stream'];

function filenameOf(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) return 'export.xml';
  if (name.length > 200 || /[\\/]/.test(name)) throw new ValidationError('filename', '檔名格式不正確');
  return name;
}

/**
 * /api/admin/wordpress/imports…: upload an export (the file itself is the request body, streamed
 * to disk), read its dry run, confirm or discard it, follow the progress, resume.
 */
export function adminWordPressImportRoutes(service: WordPressImportService, publicKey: string) {
  const router = adminRouter(WORDPRESS_IMPORT_PATHS.imports, publicKey);
  router.post('/', async (ctx) => {
    if (!ctx.is(XML_TYPES)) throw new ValidationError('file', '請上傳 WordPress 匯出的 XML 檔');
    if (Number(ctx.get('content-length')) > WORDPRESS_EXPORT_MAX_BYTES) {
      ctx.set('Connection', 'close');
      throw new PayloadTooLargeError(WORDPRESS_MESSAGES.tooLarge);
    }
    const images = ctx.query.images;
    if (images !== undefined && images !== 'true' && images !== 'false') throw new ValidationError('images', 'images 必須是 true 或 false');
    ctx.status = 201;
    ctx.body = await service.upload({ filename: filenameOf(ctx.query.filename), body: ctx.req, withImages: images !== 'false' });
  });
  router.get('/latest', async (ctx) => {
    ctx.body = { import: await service.latest() };
  });
  router.get('/:id', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await service.get(idParam(ctx.params.id));
  });
  router.delete('/:id', async (ctx) => {
    await service.discard(idParam(ctx.params.id));
    ctx.status = 204;
  });
  router.post('/:id/confirm', async (ctx) => {
    ctx.status = 202;
    ctx.body = await service.confirm(idParam(ctx.params.id), ctx.state.admin!.username);
  });
  router.post('/:id/resume', async (ctx) => {
    ctx.status = 202;
    ctx.body = await service.resume(idParam(ctx.params.id), ctx.state.admin!.username);
  });
  return router;
}

/** GET /api/wordpress/old-links?path=…&p=…: where an old WordPress address is now, or 404. */
export function wordPressOldLinkRoutes(links: WordPressOldLinks) {
  const router = new Router();
  router.get(WORDPRESS_IMPORT_PATHS.oldLink, async (ctx) => {
    const path = typeof ctx.query.path === 'string' ? ctx.query.path : '';
    if (!path.startsWith('/') || path.length > 1000) throw new ValidationError('path', 'path 必須是網站內的路徑');
    const location = await links.locate(path, typeof ctx.query.p === 'string' ? ctx.query.p : null);
    ctx.set('Cache-Control', 'no-store');
    if (!location) {
      ctx.status = 404;
      ctx.body = { error: '找不到這個舊網址' };
      return;
    }
    ctx.body = { location };
  });
  return router;
}
