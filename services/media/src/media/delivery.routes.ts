import type { Middleware } from 'koa';
import { MEDIA_KEY_PATTERN, UPLOADS_PREFIX } from '@coinmag/contracts';
import { NotFoundError } from '@coinmag/service-kit';
import { MEDIA_MESSAGES } from './media-errors.js';
import type { MediaService } from './media.service.js';
import type { ByteRange } from '../storage/object-storage.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The single byte range of a `Range` header, 'unsatisfiable', or undefined to send the whole
 * object (no header, a malformed one, or several ranges, which RFC 9110 lets us ignore).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match as unknown as [string, string, string];
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const etagMatches = (header: string, etag: string) =>
  header.trim() === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);

/**
 * GET and HEAD /uploads/{key}. The key is checked against one strict pattern on the raw
 * (undecoded) path, so `..`, `/` and any percent-encoding never reach the store: there is
 * no path to traverse, only object names.
 */
export function deliveryRoutes(media: MediaService): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(UPLOADS_PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const key = ctx.path.slice(UPLOADS_PREFIX.length);
    if (!MEDIA_KEY_PATTERN.test(key)) throw new NotFoundError(MEDIA_MESSAGES.imageNotFound);

    const plain = !/\.webp$/i.test(key) && !/-w\d+\.[a-z]+$/i.test(key);
    if (plain) ctx.set('Vary', 'Accept');
    const found = await media.findDeliverable(key, /\bimage\/webp\b/i.test(ctx.get('accept')));
    if (!found) throw new NotFoundError(MEDIA_MESSAGES.imageNotFound);

    const { object } = found;
    ctx.set({
      'Cache-Control': IMMUTABLE,
      ETag: object.etag,
      'Last-Modified': object.lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
    });
    ctx.type = found.contentType;

    const ifNoneMatch = ctx.get('if-none-match');
    if (ifNoneMatch && etagMatches(ifNoneMatch, object.etag)) {
      ctx.status = 304;
      return;
    }

    const ifRange = ctx.get('if-range');
    const range = !ifRange || ifRange === object.etag ? parseRange(ctx.get('range'), object.size) : undefined;
    if (range === 'unsatisfiable') {
      ctx.set('Content-Range', `bytes */${object.size}`);
      ctx.status = 416;
      ctx.body = { error: '請求的範圍無效' };
      return;
    }
    if (range) {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    } else {
      ctx.status = 200;
    }
    const length = range ? range.end - range.start + 1 : object.size;
    if (ctx.method === 'HEAD') {
      ctx.length = length;
      return;
    }
    ctx.body = await media.read(found.key, range);
    ctx.length = length;
  };
}
