import type { Api } from '../../api/http';
import { FLASH_LIMITS, type ArticleSummary, type PublicFlash } from '@coinmag/contracts';
import { fetchFlashLive } from '../../api/flash';
import { fetchArticles, fetchCarousel, fetchFeatured, fetchLatest, fetchPopular } from '../../api/articles';
import { LATEST_ON_HOME, MORE_ARTICLES, POPULAR_ON_HOME } from './more-articles';
import { listWindow, readMore, type ListWindow, type MoreArticlesPage } from './read-more';
import { cardArticle, latestArticle, popularArticle, slideArticle, type CardArticle, type LatestArticle, type PopularArticle, type SlideArticle } from './home-articles';

/** What the home page shows, and no more: the server embeds it in the page's HTML. */
export interface HomeData {
  carousel: SlideArticle[];
  latest: LatestArticle[];
  popular: PopularArticle[];
  featured: CardArticle | null;
  /** Only the more-articles shown first: the rest are read when the reader asks (閱讀更多). */
  more: MoreArticlesPage<CardArticle>;
  /** The 快訊 box: the latest five items. */
  flash: PublicFlash[];
}

export type HomeState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: HomeData };

/** Thrown when no part of the home page could be read: the page says so and offers a retry. */
export class HomeUnavailableError extends Error {
  constructor() {
    super('載入資料失敗');
  }
}

const FAILED: unique symbol = Symbol('failed');
type Result<T> = T | typeof FAILED;

function logged<T>() {
  return (err: unknown): Result<T> => {
    if ((err as Error).name === 'AbortError') throw err;
    console.error((err as Error).message, err);
    return FAILED;
  };
}

const orEmpty = <T,>(value: T[] | symbol): T[] => (Array.isArray(value) ? value : []);

/** Featured article, or the latest one when there is none or the call fails (docs/product.md §7). */
async function loadFeatured(api: Api): Promise<Result<ArticleSummary | null>> {
  try {
    const featured = await fetchFeatured(1, api);
    if (featured[0]) return featured[0];
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
  }
  const latest = await fetchLatest(1, api).catch(logged<ArticleSummary[]>());
  return latest === FAILED ? FAILED : latest[0] ?? null;
}

/** The more-articles shown first: the ones below the latest, read from the top of the public list. */
async function loadMore(latest: Promise<ArticleSummary[] | symbol>, api: Api): Promise<Result<MoreArticlesPage>> {
  // Read alongside the latest: the first page, sized for the latest at the top and ten below them.
  const first = listWindow(0, LATEST_ON_HOME + MORE_ARTICLES.initial);
  const top = fetchArticles(first, api);
  // Awaited only after the latest: a failure meanwhile is not unhandled (readMore still sees it).
  top.catch(() => {});
  // A page inside the first (fewer latest than eight, or none) is cut from it, not asked again.
  const fetchList = (window: ListWindow) => {
    const start = (window.page - 1) * window.limit;
    if (start + window.limit > first.limit) return fetchArticles(window, api);
    return top.then((list) => ({ ...list, articles: list.articles.slice(start, start + window.limit) }));
  };
  const seen = new Set(orEmpty(await latest).slice(0, LATEST_ON_HOME).map((article) => article.id));
  return readMore({ from: 0, after: null, seen }, MORE_ARTICLES.initial, fetchList).catch(logged<MoreArticlesPage>());
}

/**
 * Carousel, popular and latest one after another (as docs/product.md §7 says); featured and the more
 * articles alongside. A part that fails is left empty; when every part fails the API is down,
 * and the page must say so instead of "no more articles yet".
 */
export async function loadHome(api: Api): Promise<HomeData> {
  const lists = (async () => {
    const carousel = await fetchCarousel(api).catch(logged<ArticleSummary[]>());
    const popular = await fetchPopular(POPULAR_ON_HOME, api).catch(logged<ArticleSummary[]>());
    const latest = await fetchLatest(LATEST_ON_HOME, api).catch(logged<ArticleSummary[]>());
    return { carousel, popular, latest };
  })();
  const featured = loadFeatured(api);
  const more = loadMore(lists.then(({ latest }) => latest), api);
  // An answer without items (a malformed or foreign answer) counts as failed: the box is left empty, the page stands.
  const flash = fetchFlashLive(api).then((live) => live.items.slice(0, FLASH_LIMITS.box)).catch(logged<PublicFlash[]>());
  const [{ carousel, popular, latest }, featuredArticle, moreArticles, flashItems] = await Promise.all([lists, featured, more, flash]);
  if ([carousel, popular, latest, featuredArticle, moreArticles].every((part) => part === FAILED)) throw new HomeUnavailableError();
  return {
    carousel: orEmpty(carousel).map(slideArticle),
    popular: orEmpty(popular).slice(0, POPULAR_ON_HOME).map(popularArticle),
    latest: orEmpty(latest).slice(0, LATEST_ON_HOME).map(latestArticle),
    featured: typeof featuredArticle === 'symbol' || !featuredArticle ? null : cardArticle(featuredArticle),
    more: moreArticles === FAILED ? { articles: [], next: null } : { articles: moreArticles.articles.map(cardArticle), next: moreArticles.next },
    flash: orEmpty(flashItems),
  };
}

export const homeKey = () => '/';

export async function loadHomeState(api: Api): Promise<HomeState> {
  return { status: 'ready', data: await loadHome(api) };
}
