import { z } from 'zod';

export { NEWSLETTER_PATHS } from './newsletter-paths.js';
export const NEWSLETTER_ADMIN_PATH = '/api/admin/newsletter';

/** The reader's pages the emails link to. */
export const NEWSLETTER_PAGES = { confirm: '/newsletter/confirm', manage: '/newsletter/manage', unsubscribe: '/newsletter/unsubscribe' } as const;

export const NEWSLETTER_MESSAGES = {
  invalidEmail: '請輸入有效的電子郵件地址',
  chooseSomething: '請至少選擇一項：每週精選或新文章通知的分類',
  subscribed: '快完成了！請到信箱收信，點信中的確認連結完成訂閱。',
  linkInvalid: '這個連結無效或已失效',
  tooMany: '操作太頻繁，請稍後再試',
  confirmed: '訂閱完成，謝謝你！',
  saved: '已儲存你的訂閱設定',
  unsubscribed: '已取消訂閱，之後不會再寄信給你。',
} as const;

const emailSchema = z
  .string({ required_error: NEWSLETTER_MESSAGES.invalidEmail, invalid_type_error: NEWSLETTER_MESSAGES.invalidEmail })
  .trim()
  .max(254, NEWSLETTER_MESSAGES.invalidEmail)
  .email(NEWSLETTER_MESSAGES.invalidEmail)
  // Header injection and look-alike tricks: nothing outside printable ASCII is accepted.
  .regex(/^[\x21-\x7e]+$/, NEWSLETTER_MESSAGES.invalidEmail)
  .transform((value) => value.toLowerCase());

const categoryIdsSchema = z.array(z.number().int().positive()).max(50).default([]);

export const newsletterChoicesSchema = z
  .object({ digest: z.boolean().default(false), categoryIds: categoryIdsSchema })
  .refine((choices) => choices.digest || choices.categoryIds.length > 0, { message: NEWSLETTER_MESSAGES.chooseSomething, path: ['digest'] });

/** Body of POST /api/newsletter/subscribe. */
export const subscribeInputSchema = z
  .object({ email: emailSchema, digest: z.boolean().default(false), categoryIds: categoryIdsSchema })
  .strict()
  .refine((input) => input.digest || input.categoryIds.length > 0, { message: NEWSLETTER_MESSAGES.chooseSomething, path: ['digest'] });
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

export const linkTokenSchema = z.string().min(1).max(100);

/** Body of POST /api/newsletter/confirm. */
export const confirmInputSchema = z.object({ token: linkTokenSchema }).strict();

/** Body of PUT /api/newsletter/preferences. */
export const preferencesInputSchema = z
  .object({ token: linkTokenSchema, digest: z.boolean(), categoryIds: categoryIdsSchema })
  .strict()
  .refine((input) => input.digest || input.categoryIds.length > 0, { message: NEWSLETTER_MESSAGES.chooseSomething, path: ['digest'] });

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'suppressed';

/** GET /api/newsletter/link?t=…: what a signed link's page shows (never the whole address). */
export interface NewsletterLinkState {
  purpose: 'confirm' | 'manage';
  status: SubscriberStatus;
  /** e.g. r•••@example.com */
  emailHint: string;
  digest: boolean;
  categoryIds: number[];
  /** After confirming: the link to the preferences page. */
  manageToken?: string;
}

export type CampaignState = 'draft' | 'waiting' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

export const campaignArticleSchema = z.object({
  title: z.string().trim().min(1).max(200),
  url: z.string().url().max(2000).refine((value) => /^https?:\/\//.test(value), 'must be http(s)'),
  excerpt: z.string().max(500).default(''),
  image: z.string().url().max(2000).nullable().default(null),
  category: z.string().max(100).nullable().default(null),
});
export type CampaignArticle = z.infer<typeof campaignArticleSchema>;

/** One line, no control characters: a subject can never carry a header. */
const subjectSchema = z
  .string({ required_error: '請輸入主旨' })
  .transform((value) => value.replace(/[\x00-\x1f\x7f]+/g, ' ').trim())
  .pipe(z.string().min(1, '請輸入主旨').max(200, '主旨最多 200 個字'));

/** Body of PUT /api/admin/newsletter/campaigns/{id} (the digest editor). */
export const campaignEditSchema = z
  .object({ subject: subjectSchema, intro: z.string().max(5000, '開頭文字最多 5000 個字'), articles: z.array(campaignArticleSchema).max(30) })
  .strict();
export type CampaignEdit = z.infer<typeof campaignEditSchema>;

/** Body of POST /api/admin/newsletter/campaigns/{id}/send: now, or at a time to come. */
export const campaignSendSchema = z.object({ at: z.string().datetime({ offset: true, message: '排程時間格式不正確' }).optional() }).strict();

/** Body of POST /api/admin/newsletter/campaigns/{id}/test. */
export const campaignTestSchema = z.object({ email: emailSchema }).strict();

/** Body of POST /api/admin/newsletter/article-campaigns (the article form's 發布時寄送電子報). */
export const articleCampaignSchema = z.object({ articleId: z.number().int().positive(), slug: z.string().min(1).max(200) }).strict();

/** Answer of POST /api/admin/newsletter/campaigns/preview: the email as a subscriber would get it (its links the site's pages, no token). */
export interface CampaignPreview {
  subject: string;
  html: string;
  text: string;
}

export interface CampaignProgress {
  total: number;
  sent: number;
  failed: number;
  pending: number;
}

export interface CampaignView extends CampaignProgress {
  id: number;
  kind: 'digest' | 'article';
  state: CampaignState;
  subject: string;
  intro: string;
  articles: CampaignArticle[];
  categoryId: number | null;
  articleId: number | null;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
}

export interface SubscriberCounts {
  confirmed: number;
  pending: number;
  unsubscribed: number;
  suppressed: number;
}

export interface SubscriberRow {
  id: number;
  email: string;
  status: SubscriberStatus;
  digest: boolean;
  categoryIds: number[];
  createdAt: string;
  confirmedAt: string | null;
  suppressedReason: string | null;
}

export interface MailboxItem {
  id: number;
  recipient: string;
  subject: string;
  createdAt: string;
}

export interface MailboxMessage extends MailboxItem {
  text: string;
  html: string;
  headers: Record<string, string>;
}
