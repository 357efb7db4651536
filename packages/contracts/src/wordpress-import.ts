import { z } from 'zod';

/** Admin API of the WordPress import (content service). */
export const WORDPRESS_IMPORT_PATHS = {
  imports: '/api/admin/wordpress/imports',
  importOf: (id: number) => `/api/admin/wordpress/imports/${id}`,
  confirm: (id: number) => `/api/admin/wordpress/imports/${id}/confirm`,
  resume: (id: number) => `/api/admin/wordpress/imports/${id}/resume`,
  /** Public: where an old WordPress link goes now (`?path=/2024/05/slug/&p=12`). */
  oldLink: '/api/wordpress/old-links',
} as const;

/** An export larger than this is refused before it is stored. */
export const WORDPRESS_EXPORT_MAX_BYTES = 1024 * 1024 * 1024;

export const WORDPRESS_IMPORT_STATUSES = ['analysing', 'ready', 'running', 'paused', 'done', 'failed'] as const;
export type WordPressImportStatus = (typeof WORDPRESS_IMPORT_STATUSES)[number];

const namedCount = z.object({ name: z.string(), count: z.number().int() });

/** What an import would do, read from the file before anything is written. */
export const wordpressDryRunSchema = z.object({
  site: z.string(),
  posts: z.object({ published: z.number().int(), scheduled: z.number().int(), draft: z.number().int(), total: z.number().int() }),
  categories: z.number().int(),
  tags: z.number().int(),
  attachments: z.number().int(),
  /** Distinct images the posts use (covers and body). */
  images: z.number().int(),
  /** Items left out, by reason (頁面, 選單項目, 垃圾桶 …). */
  skipped: z.array(namedCount),
  /** Slugs that an article here already has: the import gives the post a numbered slug. */
  collisions: z.array(z.object({ wp_post_id: z.number().int(), title: z.string(), slug: z.string() })),
  /** Broken HTML, missing attachments, shortcodes removed: per post, bounded. */
  problems: z.array(z.object({ wp_post_id: z.number().int(), title: z.string(), problem: z.string() })),
  /** How many problems there were in all (the list is cut at a few hundred). */
  problem_count: z.number().int(),
});
export type WordPressDryRun = z.infer<typeof wordpressDryRunSchema>;

export const wordpressProgressSchema = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  conflicts: z.number().int(),
  failed: z.number().int(),
  images_fetched: z.number().int(),
  images_failed: z.number().int(),
});
export type WordPressProgress = z.infer<typeof wordpressProgressSchema>;

export const wordpressImportItemSchema = z.object({
  wp_post_id: z.number().int(),
  title: z.string(),
  outcome: z.enum(['created', 'updated', 'unchanged', 'conflict', 'failed']),
  article_id: z.number().int().nullable(),
  note: z.string(),
});
export type WordPressImportItem = z.infer<typeof wordpressImportItemSchema>;

export const wordpressImportSchema = z.object({
  id: z.number().int(),
  status: z.enum(WORDPRESS_IMPORT_STATUSES),
  filename: z.string(),
  file_bytes: z.number().int(),
  with_images: z.boolean(),
  dry_run: wordpressDryRunSchema.nullable(),
  progress: wordpressProgressSchema,
  /** Conflicts, failures and images that could not be fetched (bounded). */
  attention: z.array(wordpressImportItemSchema),
  failed_images: z.array(z.object({ url: z.string(), error: z.string() })),
  error: z.string().nullable(),
  /** Why a running import waits: it needs a signed-in admin to go on fetching images. */
  waiting_for_admin: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WordPressImport = z.infer<typeof wordpressImportSchema>;

export const wordpressOldLinkSchema = z.object({ location: z.string() });

/** The paths WordPress answered that the gateway asks about (docs/product.md, old links). */
export function isWordPressLinkShape(path: string, search: URLSearchParams): boolean {
  if (path === '/' && /^\d{1,12}$/.test(search.get('p') ?? '')) return true;
  if (/^\/feed\/?$/.test(path)) return true;
  if (/^\/\d{4}\/\d{2}(?:\/\d{2})?\/[^/]+\/?$/.test(path)) return true;
  if (/^\/(?:category|tag)\/.+\/$/.test(path)) return true;
  return /^\/[^/]+\/$/.test(path);
}
