import { z } from 'zod';

/** What an endpoint may subscribe to (docs/product.md §11). */
export const WEBHOOK_EVENTS = ['article.published', 'article.updated', 'article.unpublished', 'article.deleted', 'site.changed', 'flash.published', 'flash.updated', 'flash.deleted'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The events' names in the back office (docs/product.md §10). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent | 'webhook.test', string> = {
  'article.published': '文章發布',
  'article.updated': '已發布文章更新',
  'article.unpublished': '文章取消發布',
  'article.deleted': '文章刪除',
  'site.changed': '網站設定變更',
  'flash.published': '快訊發布',
  'flash.updated': '快訊更新',
  'flash.deleted': '快訊刪除',
  'webhook.test': '測試傳送',
};

/** The back office's webhook calls (content service; admin-only at the gateway). */
export const WEBHOOKS_ADMIN_PATH = '/api/admin/webhooks';

export const WEBHOOK_LIMITS = { url: 2000, secret: 200, secretMin: 16, endpoints: 50 } as const;

/** The headers of every delivery: the signature is HMAC-SHA256 over `{timestamp}.{body}` with the endpoint's secret. */
export const WEBHOOK_HEADERS = {
  event: 'x-coinmag-event',
  delivery: 'x-coinmag-delivery',
  timestamp: 'x-coinmag-timestamp',
  signature: 'x-coinmag-signature',
} as const;

const url = z
  .string({ required_error: '請輸入網址', invalid_type_error: '網址必須是文字' })
  .trim()
  .min(1, '請輸入網址')
  .max(WEBHOOK_LIMITS.url, `網址最多 ${WEBHOOK_LIMITS.url} 個字`)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password;
    } catch {
      return false;
    }
  }, '網址必須是 http 或 https 開頭的完整網址');

/** POST /api/admin/webhooks and PUT …/{id}: a secret left out is made (on create) or kept (on update). */
export const webhookInputSchema = z
  .object({
    url,
    events: z.array(z.enum(WEBHOOK_EVENTS, { errorMap: () => ({ message: '不支援的事件' }) })).min(1, '請至少選擇一個事件').max(WEBHOOK_EVENTS.length),
    secret: z.string().min(WEBHOOK_LIMITS.secretMin, `密鑰至少 ${WEBHOOK_LIMITS.secretMin} 個字`).max(WEBHOOK_LIMITS.secret, `密鑰最多 ${WEBHOOK_LIMITS.secret} 個字`).regex(/^[\x21-\x7e]+$/, '密鑰只能使用英數字與符號').optional(),
    enabled: z.boolean().default(true),
  })
  .strict();
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** An endpoint as lists and updates show it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/**
 * The answer of a create (POST /api/admin/webhooks) and of a new secret (POST …/{id}/secret):
 * the only two answers that carry the signing secret, for the admin to copy once.
 */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** An endpoint's URL as the audit log keeps it: a query string (which may carry a token) is left out. */
export function auditedWebhookUrl(value: string): string {
  try {
    const url = new URL(value);
    const hidden = url.search ? '?…' : '';
    return `${url.origin}${url.pathname}${hidden}`.slice(0, 200);
  } catch {
    return value.split(/[?#]/)[0]!.slice(0, 200);
  }
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = { pending: '等待重送', delivered: '已送達', failed: '已放棄' };

/** GET /api/admin/webhooks/{id}/deliveries: the newest deliveries, each with every attempt. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(z.object({ at: z.string(), status_code: z.number().int().nullable(), error: z.string(), duration_ms: z.number().int() })),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The JSON body of a delivery. */
export interface WebhookPayload {
  id: number;
  event: WebhookEvent | 'webhook.test';
  occurred_at: string;
  article?: { id: number; slug: string; title: string; url: string; published_at: string | null; previous_url?: string };
}
