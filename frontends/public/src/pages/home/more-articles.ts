export const MORE_ARTICLES = { initial: 10, step: 10, delayMs: 500, fetchLimit: 100 } as const;
export const LATEST_ON_HOME = 8;
export const POPULAR_ON_HOME = 5;
export const FEATURED_EXCERPT = 200;
