/** An article's page; its own module so plain island scripts can use it without the card's React code. */
export const articleHref = (slug: string) => `/article/${encodeURIComponent(slug)}`;
