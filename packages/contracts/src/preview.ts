import { z } from 'zod';
import { articleDetailSchema } from './article.js';

/**
 * Preview links (docs/product.md §3 Preview links): a draft or scheduled article shown to anyone
 * holding the link, until it expires, is revoked, or the article is published.
 */
export const PREVIEW_LINK_LIMITS = { defaultDays: 7, minDays: 1, maxDays: 30, perArticle: 20 } as const;

/** The page a preview link opens (`/preview/{token}`). */
export const PREVIEW_PATH_PREFIX = '/preview/';

/** A token is 32 bytes of randomness in base64url: 43 characters. */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const PREVIEW_MESSAGES = {
  gone: '預覽連結已失效',
  goneNote: '這個預覽連結已被撤銷或已過期，請向編輯索取新的連結。',
  banner: '預覽：這篇文章尚未公開，請勿轉傳。',
  onlyUnpublished: '只有草稿或排程中的文章可以建立預覽連結',
  tooMany: `每篇文章最多 ${PREVIEW_LINK_LIMITS.perArticle} 個有效的預覽連結`,
  linkNotFound: '找不到這個預覽連結',
} as const;

/** Body of POST /api/articles/admin/{id}/preview-links. */
export const previewLinkInputSchema = z.object({
  days: z.coerce
    .number({ invalid_type_error: '有效天數必須是數字' })
    .int('有效天數必須是整數')
    .min(PREVIEW_LINK_LIMITS.minDays, `有效天數必須介於 ${PREVIEW_LINK_LIMITS.minDays} 到 ${PREVIEW_LINK_LIMITS.maxDays}`)
    .max(PREVIEW_LINK_LIMITS.maxDays, `有效天數必須介於 ${PREVIEW_LINK_LIMITS.minDays} 到 ${PREVIEW_LINK_LIMITS.maxDays}`)
    .default(PREVIEW_LINK_LIMITS.defaultDays),
});

/** A link as the back office lists it; the token itself is shown once, when the link is made (only its hash is kept). */
export const previewLinkSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

export const createdPreviewLinkSchema = previewLinkSchema.extend({ path: z.string() });
export type CreatedPreviewLink = z.infer<typeof createdPreviewLinkSchema>;

/** GET /api/preview/{token}: the article as it would be published, or where it now lives. */
export const previewAnswerSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('preview'), article: articleDetailSchema, expires_at: z.string() }),
  z.object({ state: z.literal('published'), slug: z.string() }),
]);
export type PreviewAnswer = z.infer<typeof previewAnswerSchema>;
