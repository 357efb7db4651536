import { z } from 'zod';

export const headerCategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type HeaderCategory = z.infer<typeof headerCategorySchema>;

export const publicCategorySchema = headerCategorySchema.extend({
  description: z.string(),
  sort_order: z.number().int(),
  show_in_header: z.boolean(),
  show_in_footer: z.boolean(),
});
export type PublicCategory = z.infer<typeof publicCategorySchema>;

export const categorySchema = publicCategorySchema.extend({
  is_active: z.boolean(),
  article_count: z.number().int().optional(),
  /** Bumped by every save; a save naming an older one is refused (409). */
  version: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const CATEGORY_LIMITS = { name: 50, description: 500, sortOrderMax: 100000 } as const;

/** Body of POST /api/categories/admin and PUT /api/categories/admin/{id}. */
export const categoryInputSchema = z.object({
  name: z.string({ required_error: '請輸入名稱' }).trim().min(1, '請輸入名稱').max(CATEGORY_LIMITS.name, `名稱最多 ${CATEGORY_LIMITS.name} 個字`),
  description: z.string().max(CATEGORY_LIMITS.description, `描述最多 ${CATEGORY_LIMITS.description} 個字`).optional().default(''),
  is_active: z.boolean().optional().default(true),
  show_in_header: z.boolean().optional().default(false),
  show_in_footer: z.boolean().optional().default(false),
  sort_order: z.coerce.number({ invalid_type_error: '排序必須是數字' }).int('排序必須是整數').min(0, '排序不能小於 0').max(CATEGORY_LIMITS.sortOrderMax).optional().default(0),
  /** The version the form was loaded at; absent: no check. */
  version: z.number({ invalid_type_error: 'version 必須是數字' }).int().min(1).optional(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
