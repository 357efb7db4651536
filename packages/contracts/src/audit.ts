import { z } from 'zod';

/** Every action the back office records, by the service that owns it. */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.password_change',
  'article.create',
  'article.update',
  'article.delete',
  'article.publish',
  'article.scheduled_publish',
  'article.restore',
  'article.preview_link_create',
  'article.preview_link_revoke',
  'category.create',
  'category.update',
  'category.delete',
  'settings.update',
  'upload.image',
  'upload.cover',
  'import.wordpress',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'learning_path.create',
  'learning_path.update',
  'learning_path.delete',
  'webhook.secret',
  'glossary.create',
  'glossary.update',
  'glossary.delete',
  'glossary.import',
  'glossary.settings',
  'flash.create',
  'flash.update',
  'flash.delete',
  'flash.scheduled_publish',
  'flash.restore',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The filter groups of the log page: an action's kind is the part before the dot. */
export const AUDIT_KINDS = ['auth', 'article', 'category', 'settings', 'upload', 'import', 'webhook', 'learning_path', 'glossary', 'flash'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const auditKindOf = (action: string): string => action.split('.')[0] ?? '';

export const auditEventSchema = z.object({
  /** Unique across services: the owning service's letter and its row id (c12, a7). */
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** 'admin' or 'system' (the scheduler), or the user name a failed sign-in tried. */
  actor: z.string(),
  ip: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  /** What it was about, e.g. the article's title. */
  summary: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_LIMITS = { pageSize: 50, deepest: 5000 } as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正確（YYYY-MM-DD）');

/** Query of GET /api/admin/audit: kind, a Taipei date range, a page. */
export const auditQuerySchema = z.object({
  kind: z.enum(AUDIT_KINDS, { errorMap: () => ({ message: '未知的紀錄類型' }) }).optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number({ invalid_type_error: 'page 必須是數字' }).int().min(1, 'page 必須大於或等於 1').default(1),
  limit: z.coerce.number({ invalid_type_error: 'limit 必須是數字' }).int().min(1).max(AUDIT_LIMITS.pageSize, `limit 必須介於 1 到 ${AUDIT_LIMITS.pageSize}`).default(20),
}).refine((query) => query.page * query.limit <= AUDIT_LIMITS.deepest, { message: `最多只能查看前 ${AUDIT_LIMITS.deepest} 筆紀錄，請縮小日期範圍`, path: ['page'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListSchema = z.object({
  events: z.array(auditEventSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), pages: z.number().int(), total: z.number().int() }),
  /** True when the sign-in log could not be read just now (the list shows the rest). */
  partial: z.boolean(),
});
export type AuditList = z.infer<typeof auditListSchema>;

/** What a service's internal audit endpoint answers: the newest `limit` matching and the count. */
export const auditSliceSchema = z.object({ events: z.array(auditEventSchema), total: z.number().int() });
export type AuditSlice = z.infer<typeof auditSliceSchema>;

/** Query of a service's internal slice: the same filters, the newest `limit` rows. */
export const auditSliceQuerySchema = z.object({
  kind: z.enum(AUDIT_KINDS).optional(),
  from: day.optional(),
  to: day.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LIMITS.deepest).default(20),
});
export type AuditSliceQuery = z.infer<typeof auditSliceQuerySchema>;

/**
 * The content service's internal endpoint (never routed by the gateway) where the media
 * service records each stored upload, with the admin's token and the upload's request id.
 */
export const UPLOAD_AUDIT_PATH = '/internal/audit-events/uploads';
export const UPLOAD_AUDIT_ACTIONS = ['upload.image', 'upload.cover'] as const;
export const uploadAuditSchema = z.object({
  action: z.enum(UPLOAD_AUDIT_ACTIONS),
  /** The admin's address as the media service saw it. */
  ip: z.string().max(64).nullable(),
  /** Which stored file, its format, size and dimensions. */
  summary: z.string().min(1).max(300),
});
export type UploadAudit = z.infer<typeof uploadAuditSchema>;
