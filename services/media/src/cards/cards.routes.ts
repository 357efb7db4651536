import type { Middleware } from 'koa';
import { isSlugParam, slugOfSocialCardPath, SOCIAL_CARD_PREFIX } from '@coinmag/rules';
import { NotFoundError } from '@coinmag/service-kit';
import type { MediaService } from '../media/media.service.js';
import type { SocialCards } from './social-cards.js';

export const CARD_NOT_FOUND = '找不到這篇文章的分享圖片';

/**
 * GET and HEAD /cards/article/{slug}.png: the article's current card. Asked for with its current
 * version (`?v=`, as pages link it) it is immutable; by any other it is the current one, kept
 * five minutes.
 */
export function cardRoutes(cards: SocialCards, media: Pick<MediaService, 'read'>): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(SOCIAL_CARD_PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const slug = slugOfSocialCardPath(ctx.path);
    if (slug === null || !isSlugParam(slug)) throw new NotFoundError(CARD_NOT_FOUND);
    const card = await cards.current(slug);
    if (!card) throw new NotFoundError(CARD_NOT_FOUND);
    ctx.set({
      'Cache-Control': ctx.query.v === card.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      ETag: card.object.etag,
      'Last-Modified': card.object.lastModified.toUTCString(),
      'X-Content-Type-Options': 'nosniff',
    });
    ctx.type = 'image/png';
    if (ctx.get('if-none-match').split(',').some((tag) => tag.trim().replace(/^W\//, '') === card.object.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.status = 200;
    ctx.length = card.object.size;
    if (ctx.method === 'GET') ctx.body = await media.read(card.key);
  };
}
