import Router from '@koa/router';
import type { Middleware } from 'koa';
import { API_MESSAGES, type UploadTestResponse } from '@coinmag/contracts';
import { assertGrantCovers, PayloadTooLargeError, readMultipart, ValidationError } from '@coinmag/service-kit';
import { MEDIA_MESSAGES } from './media-errors.js';
import type { MediaService } from './media.service.js';

/** docs/product.md §9: 50 MB hard maximum per image. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Room for the multipart boundaries and headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Beyond this a refused body is not even drained: the connection is closed. */
const MAX_DRAINED_BYTES = 128 * 1024 * 1024;

/**
 * Answers 413 from the declared length alone, before a byte of the body is read. The rest is
 * then discarded by Node so the connection stays usable and a proxy in front (the gateway)
 * reliably gets the 413 instead of a reset; an absurd declared length just closes it.
 */
const refuseOversizedBody: Middleware = async (ctx, next) => {
  const declared = Number(ctx.get('content-length'));
  if (declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
    if (declared > MAX_DRAINED_BYTES) ctx.set('Connection', 'close');
    throw new PayloadTooLargeError(API_MESSAGES.payloadTooLarge);
  }
  await next();
};

export function uploadsRoutes(media: MediaService, adminGuard: Middleware): Router {
  const router = new Router();

  router.get('/api/uploads/test', async (ctx) => {
    const ok = await media.storageAvailable();
    const body: UploadTestResponse = { ok, message: ok ? MEDIA_MESSAGES.storageUp : MEDIA_MESSAGES.storageDown };
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ok ? 200 : 503;
    ctx.body = body;
  });

  router.post('/api/uploads/image', adminGuard, refuseOversizedBody, async (ctx) => {
    // A body without a declared length that passes the limit: answer 413 and close, never read it all.
    if (!ctx.get('content-length')) ctx.set('Connection', 'close');
    const { files, fields } = await readMultipart(ctx, {
      fileBytes: MAX_UPLOAD_BYTES,
      fieldBytes: 4096,
      fields: 10,
      files: 1,
      fileTooLargeMessage: API_MESSAGES.payloadTooLarge,
    });
    ctx.remove('Connection');
    const image = files.find((file) => file.field === 'image');
    if (!image) throw new ValidationError('image', MEDIA_MESSAGES.noFile);
    // A service grant uploads the one file it was issued for, nothing else, before any work is done on it.
    if (ctx.state.grant) assertGrantCovers(ctx.state.grant, image.data);
    // `purpose`: 'cover' (the article's cover, sent by the content service) or 'content' (default).
    const purpose = fields.purpose ?? 'content';
    if (purpose !== 'cover' && purpose !== 'content') throw new ValidationError('purpose', 'purpose 必須是 cover 或 content');
    const stored = await media.upload(image.data, { purpose, ip: ctx.ip || null, authorization: ctx.get('authorization'), requestId: ctx.state.requestId });
    ctx.status = 201;
    ctx.body = stored;
  });

  return router;
}
