import { createHmac } from 'node:crypto';

/**
 * The signature a receiver checks (docs/product.md §11): HMAC-SHA256 with the endpoint's secret
 * over `{timestamp}.{body}`, hex, as `sha256=…`. The timestamp in the signed text lets a
 * receiver refuse an old delivery replayed.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
