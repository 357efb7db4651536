import { z } from 'zod';

/** Most URLs a sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** GET /api/sitemap: how many article sitemap files there are and when each last changed. */
export const sitemapIndexSchema = z.object({
  articles: z.array(z.object({ page: z.number().int().min(1), lastmod: z.string() })),
  categories: z.object({ lastmod: z.string().nullable() }),
  /** The tag pages: the newest change of an article or 快訊 item that carries a tag. */
  tags: z.object({ lastmod: z.string().nullable() }),
  /** The news sitemap: its newest publication, null when none is recent enough. */
  news: z.object({ lastmod: z.string().nullable() }),
  /** The glossary's pages: the newest change of a published term, null when none is published. */
  glossary: z.object({ lastmod: z.string().nullable() }).optional(),
  /** The 快訊 items' pages: the newest change of a public item, null when none is public. */
  flash: z.object({ lastmod: z.string().nullable() }).optional(),
});
export type SitemapIndex = z.infer<typeof sitemapIndexSchema>;

/** GET /api/sitemap/articles?page=n, /api/sitemap/categories, /api/sitemap/tags (slug: the tag's key) and /api/sitemap/flash (slug: the item's id): one URL each. */
export const sitemapEntrySchema = z.object({ slug: z.string(), lastmod: z.string() });
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

export const sitemapPageQuerySchema = z.object({
  page: z.coerce.number({ invalid_type_error: 'page 必須是數字' }).int('page 必須是整數').min(1, 'page 必須大於 0').max(10_000, 'page 太大').default(1),
});

/** GET /api/redirects/{article|category}/{old slug}: where an old slug now lives. */
export const slugRedirectSchema = z.object({ slug: z.string() });
export type SlugRedirect = z.infer<typeof slugRedirectSchema>;

/** Google News reads a news sitemap's articles of the last two days, at most 1,000 (docs/product.md §11). */
export const NEWS_SITEMAP_HOURS = 48;
export const NEWS_SITEMAP_MAX_URLS = 1000;

/** GET /api/sitemap/news: the public articles published in the last 48 hours, newest first. */
export const newsSitemapEntrySchema = z.object({
  slug: z.string(),
  title: z.string(),
  published_at: z.string(),
  /** A flash item's page (/flash/{id}); absent: an article at /article/{slug}. */
  path: z.string().optional(),
});
export type NewsSitemapEntry = z.infer<typeof newsSitemapEntrySchema>;
