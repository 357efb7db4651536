import type { ArticleSummary } from '@coinmag/contracts';
import { fetchArticles, fetchCarousel, fetchFeatured, fetchLatest, fetchPopular } from '../../api/articles';
import { LATEST_ON_HOME, MORE_ARTICLES, POPULAR_ON_HOME, moreArticlesFrom } from './more-articles';

export interface HomeData {
  carousel: ArticleSummary[];
  latest: ArticleSummary[];
  popular: ArticleSummary[];
  featured: ArticleSummary | null;
  more: ArticleSummary[];
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

/** Featured article, or the latest one when there is none or the call fails (SPEC §7). */
async function loadFeatured(signal: AbortSignal): Promise<Result<ArticleSummary | null>> {
  try {
    const featured = await fetchFeatured(1, signal);
    if (featured[0]) return featured[0];
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
  }
  const latest = await fetchLatest(1, signal).catch(logged<ArticleSummary[]>());
  return latest === FAILED ? FAILED : latest[0] ?? null;
}

/**
 * Carousel, popular and latest one after another (as SPEC §7 says); featured and the long list
 * alongside. A part that fails is left empty; when every part fails the API is down, and the
 * page must say so instead of "no more articles yet".
 */
export async function loadHome(signal: AbortSignal): Promise<HomeData> {
  const lists = (async () => {
    const carousel = await fetchCarousel(signal).catch(logged<ArticleSummary[]>());
    const popular = await fetchPopular(POPULAR_ON_HOME, signal).catch(logged<ArticleSummary[]>());
    const latest = await fetchLatest(LATEST_ON_HOME, signal).catch(logged<ArticleSummary[]>());
    return { carousel, popular, latest };
  })();
  const featured = loadFeatured(signal);
  const all = fetchArticles({ limit: MORE_ARTICLES.fetchLimit }, signal)
    .then((list) => list.articles)
    .catch(logged<ArticleSummary[]>());
  const [{ carousel, popular, latest }, featuredArticle, everything] = await Promise.all([lists, featured, all]);
  if ([carousel, popular, latest, featuredArticle, everything].every((part) => part === FAILED)) throw new HomeUnavailableError();
  const latestShown = orEmpty(latest).slice(0, LATEST_ON_HOME);
  return {
    carousel: orEmpty(carousel),
    popular: orEmpty(popular).slice(0, POPULAR_ON_HOME),
    latest: latestShown,
    featured: typeof featuredArticle === 'symbol' ? null : featuredArticle,
    more: moreArticlesFrom(orEmpty(everything), latestShown),
  };
}

export const homeKey = () => '/';

export async function loadHomeState(signal: AbortSignal): Promise<HomeState> {
  return { status: 'ready', data: await loadHome(signal) };
}
