import { isSlugParam } from './slug.js';
import { tagFromParam } from './tag.js';

/**
 * Which public page a path is (docs/product.md §3), decided in one place for the gateway's page
 * head and the public remote's loaders. A slug is decoded from its path segment; null when it
 * cannot name anything (bad escapes, quotes, slashes, control characters), so the page is a
 * 404 without a question to the API.
 */
export type PageRoute =
  | { page: 'home' }
  | { page: 'article'; slug: string | null }
  | { page: 'category'; slug: string | null }
  /** `tag` is the key any spelling in the path names (tag.ts); null when the segment cannot name one. */
  | { page: 'tag'; tag: string | null }
  /** A preview link (docs/product.md §3 Preview links); the token is checked by the content service. */
  | { page: 'preview'; token: string }
  | { page: 'articles' }
  /** Learning paths (docs/product.md §3): the list, and one path by its slug. */
  | { page: 'learn' }
  | { page: 'learn-path'; slug: string | null }
  | { page: 'search' }
  /** The glossary (docs/product.md §3 Glossary) and a term's page. */
  | { page: 'glossary' }
  | { page: 'glossary-term'; slug: string | null }
  /** 快訊 (docs/product.md §2): the list, and one item by its id (null: not an id). */
  | { page: 'flash' }
  | { page: 'flash-item'; id: number | null }
  /** Prices (docs/product.md, Market data): every priced coin, and one coin by its symbol (null: cannot be one). */
  | { page: 'coins' }
  | { page: 'coin'; symbol: string | null }
  /** The newsletter's signed-link pages (docs/product.md, Newsletter); the token stays in the query. */
  | { page: 'newsletter'; action: 'confirm' | 'manage' | 'unsubscribe' }
  | { page: 'unknown' };

const ARTICLE = /^\/article\/([^/]+)\/?$/;
const CATEGORY = /^\/category\/([^/]+)\/?$/;
const TAG = /^\/tag\/([^/]+)\/?$/;
const LEARN_PATH = /^\/learn\/([^/]+)\/?$/;
const GLOSSARY_TERM = /^\/glossary\/([^/]+)\/?$/;
const FLASH_ITEM = /^\/flash\/([^/]+)\/?$/;
const COIN = /^\/coin\/([^/]+)\/?$/;
const PREVIEW = /^\/preview\/([A-Za-z0-9_-]{1,100})$/;

function slugOf(segment: string): string | null {
  try {
    const slug = decodeURIComponent(segment);
    return isSlugParam(slug) ? slug : null;
  } catch {
    return null;
  }
}

/**
 * A page whose path segment can name nothing (a bad escape, a quote): the not-found page, on the
 * server and in the browser alike ('tag': the unknown tag's page).
 */
export function namesNothing(route: PageRoute): 'page' | 'tag' | null {
  if (route.page === 'tag') return route.tag === null ? 'tag' : null;
  if (route.page === 'flash-item') return route.id === null ? 'page' : null;
  if (route.page === 'coin') return route.symbol === null ? 'page' : null;
  return (route.page === 'article' || route.page === 'category' || route.page === 'learn-path' || route.page === 'glossary-term') && route.slug === null ? 'page' : null;
}

export function pageRoute(pathname: string): PageRoute {
  if (pathname === '/') return { page: 'home' };
  const article = ARTICLE.exec(pathname);
  if (article) return { page: 'article', slug: slugOf(article[1]!) };
  const category = CATEGORY.exec(pathname);
  if (category) return { page: 'category', slug: slugOf(category[1]!) };
  const tag = TAG.exec(pathname);
  if (tag) return { page: 'tag', tag: tagFromParam(tag[1]!) };
  const preview = PREVIEW.exec(pathname);
  if (preview) return { page: 'preview', token: preview[1]! };
  if (pathname === '/articles' || pathname === '/articles/') return { page: 'articles' };
  if (pathname === '/learn' || pathname === '/learn/') return { page: 'learn' };
  const learnPath = LEARN_PATH.exec(pathname);
  if (learnPath) return { page: 'learn-path', slug: slugOf(learnPath[1]!) };
  if (pathname === '/search' || pathname === '/search/') return { page: 'search' };
  if (pathname === '/glossary' || pathname === '/glossary/') return { page: 'glossary' };
  const glossaryTerm = GLOSSARY_TERM.exec(pathname);
  if (glossaryTerm) return { page: 'glossary-term', slug: slugOf(glossaryTerm[1]!) };
  if (pathname === '/flash' || pathname === '/flash/') return { page: 'flash' };
  const flashItem = FLASH_ITEM.exec(pathname);
  if (flashItem && flashItem[1] !== 'rss.xml') return { page: 'flash-item', id: /^[1-9]\d{0,8}$/.test(flashItem[1]!) ? Number(flashItem[1]) : null };
  if (pathname === '/coins' || pathname === '/coins/') return { page: 'coins' };
  const coin = COIN.exec(pathname);
  if (coin) return { page: 'coin', symbol: /^[a-z0-9]{1,16}$/.test(coin[1]!) ? coin[1]! : null };
  const newsletter = /^\/newsletter\/(confirm|manage|unsubscribe)\/?$/.exec(pathname);
  if (newsletter) return { page: 'newsletter', action: newsletter[1] as 'confirm' | 'manage' | 'unsubscribe' };
  return { page: 'unknown' };
}
