import type { ArticleSummary } from '@coinmag/contracts';

export const MORE_ARTICLES = { initial: 10, step: 10, delayMs: 500, fetchLimit: 100 } as const;
export const LATEST_ON_HOME = 8;
export const POPULAR_ON_HOME = 5;
export const FEATURED_EXCERPT = 200;

/** 'More articles' are the listed ones that are not among the latest shown on the home page. */
export function moreArticlesFrom(all: readonly ArticleSummary[], latestShown: readonly Pick<ArticleSummary, 'id'>[]): ArticleSummary[] {
  const shown = new Set(latestShown.map((article) => article.id));
  return all.filter((article) => !shown.has(article.id));
}

/** How many to show after one more press of the button. */
export function nextVisibleCount(visible: number, total: number): number {
  return Math.min(total, visible + MORE_ARTICLES.step);
}
