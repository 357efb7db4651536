import { z } from 'zod';

export const ARTICLE_STATUSES = ['draft', 'published', 'scheduled'] as const;
export const articleStatusSchema = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

export const tocEntrySchema = z.object({ id: z.string(), text: z.string(), level: z.number().int().min(1).max(6) });
export type TocEntry = z.infer<typeof tocEntrySchema>;

/** A public article in a list (home, category, search, all articles). */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  /** The body as plain text, cut to a few hundred characters, for cards without an excerpt. */
  content_text: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  category_slug: z.string().nullable(),
  is_featured: z.boolean(),
  is_popular: z.boolean(),
  is_carousel: z.boolean(),
  carousel_order: z.number().int().nullable(),
  featured_image: z.string().nullable(),
  /** The cover's alt text as the admin typed it; empty when none was given (never the file name). */
  featured_image_alt: z.string(),
  view_count: z.number().int(),
  tags: z.string(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const relatedArticleSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  category_name: z.string().nullable(),
  published_at: z.string().nullable(),
  featured_image: z.string().nullable(),
  featured_image_alt: z.string(),
});
export type RelatedArticle = z.infer<typeof relatedArticleSchema>;

export const articleDetailSchema = articleSummarySchema.extend({
  content: z.string(),
  status: articleStatusSchema,
  meta_title: z.string(),
  meta_description: z.string(),
  toc: z.array(tocEntrySchema),
  relatedArticles: z.array(relatedArticleSchema),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** Search only: there are more than `total` hits (shown as "1,000+"). */
  capped: z.literal(true).optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const articleListSchema = z.object({ articles: z.array(articleSummarySchema), pagination: paginationSchema });
export type ArticleList = z.infer<typeof articleListSchema>;

/** The admin's view of an article: every status, tags as an array. */
export const adminArticleSchema = articleDetailSchema.omit({ tags: true, relatedArticles: true, toc: true }).extend({
  tags: z.array(z.string()),
  created_at: z.string(),
  /** Whether the glossary's terms are linked in the body (docs/product.md §3 Glossary); default on. */
  glossary_links: z.boolean().optional(),
  /** Bumped by every save; a save naming an older one is refused (409). */
  version: z.number().int(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const adminArticleListSchema = z.object({ articles: z.array(adminArticleSchema.omit({ content: true })), pagination: paginationSchema });
export type AdminArticleList = z.infer<typeof adminArticleListSchema>;

export const ARTICLE_LIMITS = {
  title: 200,
  excerpt: 1000,
  contentBytes: 2 * 1024 * 1024,
  /** Nesting depth of the body's HTML (the editor makes under 10). */
  contentDepth: 100,
  /** Elements in the body's HTML. */
  contentElements: 60_000,
  metaTitle: 200,
  metaDescription: 500,
  tags: 30,
  tagLength: 30,
  carouselOrderMin: 1,
  carouselOrderMax: 10,
} as const;

/** Query of GET /api/articles. */
export const articleListQuerySchema = z.object({
  page: z.coerce.number({ invalid_type_error: 'page 必須是數字' }).int('page 必須是整數').min(1, 'page 必須大於或等於 1').max(100000).default(1),
  limit: z.coerce.number({ invalid_type_error: 'limit 必須是數字' }).int('limit 必須是整數').min(1, 'limit 必須介於 1 到 100').max(100, 'limit 必須介於 1 到 100').default(20),
  category: z.string().trim().max(120).optional(),
  /** Any spelling of a tag (rules tagKey brings them together). */
  tag: z.string().trim().max(120).optional(),
  search: z.string().trim().max(100, '搜尋字詞最多 100 個字').optional(),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

/** Query of featured, carousel, popular and latest. */
export const articleLimitQuerySchema = (defaultLimit: number) =>
  z.object({
    limit: z.coerce.number({ invalid_type_error: 'limit 必須是數字' }).int('limit 必須是整數').min(1, 'limit 必須介於 1 到 100').max(100, 'limit 必須介於 1 到 100').default(defaultLimit),
  });
