import { z } from 'zod';

export const loginRequestSchema = z.object({
  username: z.string({ required_error: '請輸入帳號', invalid_type_error: '請輸入帳號' }).trim().min(1, '請輸入帳號').max(100),
  password: z.string({ required_error: '請輸入密碼', invalid_type_error: '請輸入密碼' }).min(1, '請輸入密碼').max(1000),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * A sign-in: when this token lapses unless renewed (`expiresAt`) and when the session ends
 * whatever happens (`sessionExpiresAt`), ISO 8601. The auth service always sends the token;
 * the gateway puts it into an HttpOnly cookie and leaves it out of what a browser reads.
 */
export const loginResponseSchema = z.object({ token: z.string().optional(), expiresAt: z.string(), sessionExpiresAt: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Public: lets the login form show the default-credentials hint only while it is still true. */
export const loginHintResponseSchema = z.object({ usingDefaultPassword: z.boolean() });
export type LoginHintResponse = z.infer<typeof loginHintResponseSchema>;

export const adminSchema = z.object({ id: z.number().int(), username: z.string() });
export const verifyResponseSchema = z.object({
  admin: adminSchema,
  usingDefaultPassword: z.boolean(),
  expiresAt: z.string().optional(),
  sessionExpiresAt: z.string().optional(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const PASSWORD_MIN_LENGTH = 10;
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ required_error: '請輸入目前密碼' }).min(1, '請輸入目前密碼').max(1000),
  newPassword: z.string({ required_error: '請輸入新密碼' }).min(PASSWORD_MIN_LENGTH, `新密碼至少 ${PASSWORD_MIN_LENGTH} 個字元`).max(1000),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeSchema>;
/** A password change ends every older token; the answer carries a fresh one for this session. */
export const passwordChangeResponseSchema = loginResponseSchema;
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

export const adminStatsSchema = z.object({
  totalArticles: z.number().int(),
  publishedArticles: z.number().int(),
  draftArticles: z.number().int(),
  totalViews: z.number().int(),
  totalCategories: z.number().int(),
  totalTags: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const uploadResponseSchema = z.object({
  url: z.string(),
  filename: z.string(),
  sizeMB: z.number(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  srcset: z.string().optional(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadTestResponseSchema = z.object({ ok: z.boolean(), message: z.string() });
export type UploadTestResponse = z.infer<typeof uploadTestResponseSchema>;

export const errorResponseSchema = z.object({ error: z.string(), field: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
