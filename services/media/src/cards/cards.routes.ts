import type { Middleware } from 'koa';
import { CACHE_DEPS_HEADER, cacheDepsHeader } from '@coinmag/contracts';
import { FLASH_CARD_PREFIX, idOfFlashCardPath, isSlugParam, slugOfSocialCardPath, SOCIAL_CARD_PREFIX } from '@coinmag/rules';
import { NotFoundError } from '@coinmag/service-kit';
import type { MediaService } from '../media/media.service.js';
import type { SocialCards } from './social-cards.js';

export const CARD_NOT_FOUND = '找不到這篇文章的分享圖片';

/**
 * What a card is drawn from, in the content service's cache vocabulary: the article (its title,
 * whether it is published), its category's name and the site's title. Named on the answers the
 * gateway may keep (contracts cache-protocol.ts), so an edit of any of them drops them there.
 */
const CARD_DEPS = ['articles', 'categories', 'settings'];
/** A 快訊 item's card: the item and the site's title. */
const FLASH_CARD_DEPS = ['flash', 'settings'];

/**
 * GET and HEAD /cards/article/{slug}.png: the article's current card (and /cards/flash/{id}.png, a 快訊 item's). Asked for with its current
 * version (`?v=`, as pages link it) it is immutable; by any other it is the current one, kept
 * five minutes. Asked for by its current version or none, the answer names its dependencies, so
 * the gateway keeps it until one of them changes; by an outdated or made-up version it does not
 * (nothing a request invents fills the gateway's cache).
 */
export function cardRoutes(cards: SocialCards, media: Pick<MediaService, 'read'>): Middleware {
  return async (ctx, next) => {
    const flash = ctx.path.startsWith(FLASH_CARD_PREFIX);
    if ((!ctx.path.startsWith(SOCIAL_CARD_PREFIX) && !flash) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let card;
    if (flash) {
      const id = idOfFlashCardPath(ctx.path);
      if (id === null) throw new NotFoundError(CARD_NOT_FOUND);
      card = await cards.current({ flash: id });
    } else {
      const slug = slugOfSocialCardPath(ctx.path);
      if (slug === null || !isSlugParam(slug)) throw new NotFoundError(CARD_NOT_FOUND);
      card = await cards.current(slug);
    }
    if (!card) throw new NotFoundError(CARD_NOT_FOUND);
    const asked = ctx.query.v;
    if (asked === undefined || asked === card.version) ctx.set(CACHE_DEPS_HEADER, cacheDepsHeader(flash ? FLASH_CARD_DEPS : CARD_DEPS));
    ctx.set({
      'Cache-Control': asked === card.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
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
