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

function logged<T>(fallback: T) {
  return (err: unknown): T => {
    if ((err as Error).name !== 'AbortError') console.error((err as Error).message, err);
    return fallback;
  };
}

/** Featured article, or the latest one when there is none or the call fails (SPEC §7). */
async function loadFeatured(signal: AbortSignal): Promise<ArticleSummary | null> {
  try {
    const featured = await fetchFeatured(1, signal);
    if (featured[0]) return featured[0];
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
  }
  const latest = await fetchLatest(1, signal).catch(logged<ArticleSummary[]>([]));
  return latest[0] ?? null;
}

/** Carousel, popular and latest one after another (as SPEC §7 says); featured and the long list alongside. */
export async function loadHome(signal: AbortSignal): Promise<HomeData> {
  const lists = (async () => {
    const carousel = await fetchCarousel(signal).catch(logged<ArticleSummary[]>([]));
    const popular = await fetchPopular(POPULAR_ON_HOME, signal).catch(logged<ArticleSummary[]>([]));
    const latest = await fetchLatest(LATEST_ON_HOME, signal).catch(logged<ArticleSummary[]>([]));
    return { carousel, popular: popular.slice(0, POPULAR_ON_HOME), latest: latest.slice(0, LATEST_ON_HOME) };
  })();
  const featured = loadFeatured(signal).catch(logged<ArticleSummary | null>(null));
  const all = fetchArticles({ limit: MORE_ARTICLES.fetchLimit }, signal)
    .then((list) => list.articles)
    .catch(logged<ArticleSummary[]>([]));
  const [{ carousel, popular, latest }, featuredArticle, everything] = await Promise.all([lists, featured, all]);
  return { carousel, popular, latest, featured: featuredArticle, more: moreArticlesFrom(everything, latest) };
}
