import { z } from 'zod';
import { FLASH_LIMITS } from './flash-constants.js';

export { FLASH_LIMITS, FLASH_ADMIN_PATH, FLASH_PUBLIC_PATH, FLASH_LIVE_PATH, FLASH_POLL_MS } from './flash-constants.js';

/** What every flash answer depends on in the cache protocol (cache-protocol.ts): a flash write names exactly this. */
export const FLASH_DEP = 'flash';

/** Error texts of the flash API (docs/product.md §10). */
export const FLASH_MESSAGES = {
  notFound: '快訊不存在',
  textRequired: '請輸入快訊內容',
  textTooLong: `快訊最多 ${FLASH_LIMITS.text} 個字`,
  badLink: '來源連結必須是 http 或 https 開頭的完整網址',
  tooManyPins: `最多只能置頂 ${FLASH_LIMITS.pinned} 則快訊，請先取消其他置頂`,
  pastSchedule: '排程時間不能早於現在',
  badTime: '發布時間格式不正確',
  conflict: '這則快訊已在其他分頁或裝置更新，這次儲存沒有覆蓋它。請重新載入後再編輯。',
  articleMissing: '找不到要連結的完整報導文章',
  badCursor: '分頁游標格式不正確',
} as const;

const httpUrl = (value: string) => {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
};

/** Counted as a reader counts characters (an emoji is one), not UTF-16 units. */
const charCount = (value: string) => Array.from(value).length;

/** Body of POST /api/admin/flash and PUT /api/admin/flash/{id}. */
export const flashInputSchema = z
  .object({
    text: z
      .string({ required_error: FLASH_MESSAGES.textRequired, invalid_type_error: FLASH_MESSAGES.textRequired })
      .transform((value) => value.replace(/\r\n?/g, '\n').trim())
      .refine((value) => value.length > 0, FLASH_MESSAGES.textRequired)
      .refine((value) => charCount(value) <= FLASH_LIMITS.text, FLASH_MESSAGES.textTooLong),
    source_url: z
      .string({ invalid_type_error: FLASH_MESSAGES.badLink })
      .trim()
      .max(FLASH_LIMITS.sourceUrl, `來源連結最多 ${FLASH_LIMITS.sourceUrl} 個字元`)
      .refine((value) => value === '' || httpUrl(value), FLASH_MESSAGES.badLink)
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    tags: z
      .array(z.string({ invalid_type_error: '標籤必須是文字' }).trim().max(FLASH_LIMITS.tagLength, `每個標籤最多 ${FLASH_LIMITS.tagLength} 個字`), { invalid_type_error: '標籤格式不正確' })
      .max(FLASH_LIMITS.tags, `標籤最多 ${FLASH_LIMITS.tags} 個`)
      .optional()
      .default([]),
    important: z.boolean({ invalid_type_error: '重要必須是是或否' }).optional().default(false),
    pinned: z.boolean({ invalid_type_error: '置頂必須是是或否' }).optional().default(false),
    /** The full article written later (「完整報導」). */
    article_id: z.number({ invalid_type_error: '完整報導必須是文章編號' }).int('完整報導必須是文章編號').min(1).max(2_147_483_647).nullable().optional().default(null),
    /** Absent or null: now. A time to come schedules it. */
    published_at: z
      .string({ invalid_type_error: FLASH_MESSAGES.badTime })
      .refine((value) => !Number.isNaN(Date.parse(value)), FLASH_MESSAGES.badTime)
      .nullable()
      .optional()
      .default(null),
    /** The version the form was loaded at; absent: no check. */
    version: z.number({ invalid_type_error: 'version 必須是數字' }).int().min(1).optional(),
  })
  .strict();
export type FlashInput = z.infer<typeof flashInputSchema>;

/** One item as readers see it. */
export const publicFlashSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  source_url: z.string().nullable(),
  tags: z.array(z.object({ key: z.string(), name: z.string() })),
  important: z.boolean(),
  pinned: z.boolean(),
  /** 「完整報導」: the linked article, while it is public. */
  article: z.object({ slug: z.string(), title: z.string() }).nullable(),
  published_at: z.string(),
  updated_at: z.string(),
});
export type PublicFlash = z.infer<typeof publicFlashSchema>;

/** GET /api/flash?cursor=&tag=: newest first, 20 a page; the first page also carries the pinned items. */
export const flashPageSchema = z.object({
  pinned: z.array(publicFlashSchema),
  items: z.array(publicFlashSchema),
  /** Pass as `cursor` for the next (older) page; null: none older. */
  next_cursor: z.string().nullable(),
});
export type FlashPage = z.infer<typeof flashPageSchema>;

/** GET /api/flash/live: what an open page compares with what it shows (the newest 20, pinned ones too). */
export const flashLiveSchema = z.object({ items: z.array(publicFlashSchema) });
export type FlashLive = z.infer<typeof flashLiveSchema>;

/** One item as the back office sees it. */
export const adminFlashSchema = publicFlashSchema.extend({
  article_id: z.number().int().nullable(),
  /** 'published' once its time has come, else 'scheduled'. */
  status: z.enum(['published', 'scheduled']),
  version: z.number().int(),
});
export type AdminFlash = z.infer<typeof adminFlashSchema>;

/** One kept version of an item: a save, a restore (of `restored_from`) or a refused save (`conflict`, never applied). */
export const flashRevisionSchema = z.object({
  id: z.number().int(),
  version: z.number().int().nullable(),
  kind: z.enum(['save', 'conflict', 'restore']),
  text: z.string(),
  source_url: z.string().nullable(),
  tags: z.array(z.string()),
  important: z.boolean(),
  pinned: z.boolean(),
  /** The 「完整報導」 article it named (null also for revisions kept before this was recorded). */
  article_id: z.number().int().nullable(),
  restored_from: z.number().int().nullable(),
  published_at: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type FlashRevision = z.infer<typeof flashRevisionSchema>;

/** Body of POST /api/admin/flash/{id}/revisions/{revisionId}/restore: the version the form holds (absent: no check). */
export const flashRestoreSchema = z.object({ version: z.number({ invalid_type_error: 'version 必須是數字' }).int().min(1).optional() }).strict();

/** A page's cursor: the last item's time and id (scheduled items make time and id orders differ). */
export function flashCursor(publishedAt: Date | string, id: number): string {
  return `${new Date(publishedAt).getTime()}-${id}`;
}

export function parseFlashCursor(value: string): { publishedAt: Date; id: number } | undefined {
  const match = /^(\d{1,15})-(\d{1,10})$/.exec(value);
  if (!match) return undefined;
  const id = Number(match[2]);
  if (id < 1 || id > 2_147_483_647) return undefined;
  return { publishedAt: new Date(Number(match[1])), id };
}

/** Query of GET /api/flash. */
export const flashListQuerySchema = z.object({
  cursor: z.string().max(40, FLASH_MESSAGES.badCursor).optional(),
  tag: z.string().trim().min(1, '標籤格式不正確').max(120, '標籤格式不正確').optional(),
});
