/**
 * The social card of an article without a cover (docs/product.md §3, social cards): a 1200×630
 * image drawn by the media service from the title, the category and the site's name. Its URL
 * names the article and a version of what is drawn on it, so pages and the media service agree
 * on which card is current, and a changed title or category is a new URL (crawlers re-fetch).
 */
export const SOCIAL_CARD_PREFIX = '/cards/article/';
/** Bumped when the card's design changes: every card is drawn again. */
const CARD_DESIGN = '1';

export interface SocialCardText {
  title: string;
  category: string | null;
  siteTitle: string;
}

/** FNV-1a, 32 bits, as 8 hex digits: the same in the browser and on the server, no crypto needed. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function socialCardVersion({ title, category, siteTitle }: SocialCardText): string {
  return shortHash([CARD_DESIGN, title, category ?? '', siteTitle].join('\u0000'));
}

export function socialCardPath(slug: string, text: SocialCardText): string {
  return `${SOCIAL_CARD_PREFIX}${encodeURIComponent(slug)}.png?v=${socialCardVersion(text)}`;
}

/** The content service's answer of what an article's card shows (`{ title, category_name }`), without its body. */
export function socialCardTextPath(slug: string): string {
  return `/api/articles/${encodeURIComponent(slug)}/card`;
}

/** The slug of a card path (`/cards/article/{slug}.png`, percent-encoded), or null. */
export function slugOfSocialCardPath(path: string): string | null {
  if (!path.startsWith(SOCIAL_CARD_PREFIX) || !path.endsWith('.png')) return null;
  try {
    return decodeURIComponent(path.slice(SOCIAL_CARD_PREFIX.length, -'.png'.length));
  } catch {
    return null;
  }
}

/** Cards of 快訊 items (docs/product.md §2 快訊): drawn from the item's first line, under the heading 快訊. */
export const FLASH_CARD_PREFIX = '/cards/flash/';
export const FLASH_CARD_CATEGORY = '快訊';

export function flashCardPath(id: number, text: SocialCardText): string {
  return `${FLASH_CARD_PREFIX}${id}.png?v=${socialCardVersion(text)}`;
}

/** The item's id of a flash card path (`/cards/flash/{id}.png`), or null. */
export function idOfFlashCardPath(path: string): number | null {
  const match = /^\/cards\/flash\/([1-9]\d{0,8})\.png$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** What og:image, twitter:image and JSON-LD show for an article: its cover, else its card. */
export function articleSocialImage(
  article: { slug: string; title: string; category_name: string | null; featured_image: string | null },
  siteTitle: string,
): string {
  return article.featured_image || socialCardPath(article.slug, { title: article.title, category: article.category_name, siteTitle });
}
