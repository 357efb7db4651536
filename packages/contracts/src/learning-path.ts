import { z } from 'zod';

/** docs/product.md §3 Learning paths: the levels a path is marked with, easiest first. */
export const LEARNING_PATH_LEVELS = ['入門', '進階', '高階'] as const;
export type LearningPathLevel = (typeof LEARNING_PATH_LEVELS)[number];

export const LEARNING_PATH_LIMITS = { title: 60, description: 300, cover: 300, coverAlt: 150, lessons: 50, paths: 100 } as const;

/** The admin API of learning paths (behind the gateway's admin guard). */
export const LEARNING_PATHS_ADMIN_PATH = '/api/admin/learning-paths';

/** A cover: the media service's site path (/uploads/…) or a bare file name of the demo covers; never another site's URL. */
const COVER = /^(\/uploads\/[A-Za-z0-9][A-Za-z0-9._/-]*|[A-Za-z0-9][A-Za-z0-9._-]*)$/;

/** One lesson as a reader sees it: a public article and its estimated reading time. */
export const publicLessonSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Estimated from the text (rules readingMinutes). */
  minutes: z.number().int(),
});
export type PublicLesson = z.infer<typeof publicLessonSchema>;

/** GET /api/learning-paths/{slug}, and each item of GET /api/learning-paths. Only public articles are lessons. */
export const publicLearningPathSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  level: z.enum(LEARNING_PATH_LEVELS),
  description: z.string(),
  cover: z.string().nullable(),
  cover_alt: z.string(),
  lessons: z.array(publicLessonSchema),
  total_minutes: z.number().int(),
  updated_at: z.string(),
});
export type PublicLearningPath = z.infer<typeof publicLearningPathSchema>;

const lessonLinkSchema = z.object({ slug: z.string(), title: z.string() });

/** GET /api/learning-paths/lessons/{articleId}: where a public article stands in each path that holds it. */
export const lessonPlaceSchema = z.object({
  path: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  /** 1-based, counting public lessons only. */
  position: z.number().int(),
  total: z.number().int(),
  previous: lessonLinkSchema.nullable(),
  next: lessonLinkSchema.nullable(),
});
export type LessonPlace = z.infer<typeof lessonPlaceSchema>;

/** A lesson as the back office sees it: its article may since have been unpublished or deleted (a gap readers do not see). */
export const adminLessonSchema = z.object({
  /** null: the article was deleted. */
  article_id: z.number().int().nullable(),
  title: z.string(),
  slug: z.string().nullable(),
  status: z.string().nullable(),
  /** Whether readers see it now. */
  is_public: z.boolean(),
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;

export const learningPathSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  level: z.enum(LEARNING_PATH_LEVELS),
  description: z.string(),
  cover: z.string().nullable(),
  cover_alt: z.string(),
  lessons: z.array(adminLessonSchema),
  version: z.number().int(),
  updated_at: z.string(),
});
export type LearningPath = z.infer<typeof learningPathSchema>;

/** Body of POST /api/admin/learning-paths and PUT /api/admin/learning-paths/{id}. */
export const learningPathInputSchema = z.object({
  title: z.string({ required_error: '請輸入路徑名稱', invalid_type_error: '路徑名稱必須是文字' }).trim().min(1, '請輸入路徑名稱').max(LEARNING_PATH_LIMITS.title, `路徑名稱最多 ${LEARNING_PATH_LIMITS.title} 個字`),
  level: z.enum(LEARNING_PATH_LEVELS, { errorMap: () => ({ message: `程度必須是${LEARNING_PATH_LEVELS.join('、')}其中之一` }) }),
  description: z.string({ invalid_type_error: '簡介必須是文字' }).trim().max(LEARNING_PATH_LIMITS.description, `簡介最多 ${LEARNING_PATH_LIMITS.description} 個字`).optional().default(''),
  cover: z
    .string({ invalid_type_error: '封面必須是圖片網址' })
    .trim()
    .max(LEARNING_PATH_LIMITS.cover, `封面網址最多 ${LEARNING_PATH_LIMITS.cover} 個字元`)
    .refine((value) => value === '' || (COVER.test(value) && !value.includes('..')), '封面必須是本站上傳的圖片')
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  cover_alt: z.string({ invalid_type_error: '封面替代文字必須是文字' }).trim().max(LEARNING_PATH_LIMITS.coverAlt, `封面替代文字最多 ${LEARNING_PATH_LIMITS.coverAlt} 個字`).optional().default(''),
  /** The lessons' article ids in reading order. */
  article_ids: z
    .array(z.number({ invalid_type_error: '課程必須是文章編號' }).int('課程必須是文章編號').min(1, '課程必須是文章編號').max(2_147_483_647, '課程必須是文章編號'), { invalid_type_error: '課程清單格式不正確' })
    .max(LEARNING_PATH_LIMITS.lessons, `一條路徑最多 ${LEARNING_PATH_LIMITS.lessons} 課`)
    .optional()
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, '同一篇文章不能在路徑中出現兩次'),
  /** The version the form was loaded at; absent: no check. */
  version: z.number({ invalid_type_error: 'version 必須是數字' }).int().min(1).optional(),
});
export type LearningPathInput = z.infer<typeof learningPathInputSchema>;

/** Error texts of the learning-path API. */
export const LEARNING_PATH_MESSAGES = {
  notFound: '學習路徑不存在',
  conflict: '這條學習路徑已在其他分頁或裝置更新，這次儲存沒有覆蓋它。請重新載入後再編輯。',
  articleMissing: (ids: number[]) => `找不到文章（編號 ${ids.join('、')}），請重新選擇課程`,
  tooMany: `學習路徑最多 ${LEARNING_PATH_LIMITS.paths} 條`,
} as const;

/**
 * What learning-path answers and pages depend on, in the cache protocol (cache-protocol.ts): the
 * list, one path by its slug, and the lesson places of one article. A path's save names exactly
 * what it changed; an article's change is `articles`, which every one of these answers also names.
 */
export const LEARNING_PATH_DEPS = {
  list: 'learning-paths',
  /** Escaped: dependencies travel in a header, which holds ASCII only. */
  path: (slug: string) => `learning-path:${encodeURIComponent(slug)}` as const,
  placesOf: (articleId: number) => `lesson-places:${articleId}` as const,
} as const;
