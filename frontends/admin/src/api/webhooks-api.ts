import { WEBHOOKS_ADMIN_PATH, type WebhookDelivery, type WebhookEndpoint, type WebhookInput, type WebhookWithSecret } from '@coinmag/contracts';
import { request } from './http';

export const webhooksApi = {
  list: () => request<{ endpoints: WebhookEndpoint[] }>(WEBHOOKS_ADMIN_PATH, { fallbackError: '載入資料失敗' }),
  /** The answer carries the secret: the one time it is shown, with regenerateSecret's. */
  create: (input: Partial<WebhookInput>) => request<WebhookWithSecret>(WEBHOOKS_ADMIN_PATH, { method: 'POST', json: input, fallbackError: '' }),
  update: (id: number, input: WebhookInput) => request<WebhookEndpoint>(`${WEBHOOKS_ADMIN_PATH}/${id}`, { method: 'PUT', json: input, fallbackError: '' }),
  regenerateSecret: (id: number) => request<WebhookWithSecret>(`${WEBHOOKS_ADMIN_PATH}/${id}/secret`, { method: 'POST', fallbackError: '重新產生密鑰失敗' }),
  remove: (id: number) => request<unknown>(`${WEBHOOKS_ADMIN_PATH}/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
  sendTest: (id: number) => request<unknown>(`${WEBHOOKS_ADMIN_PATH}/${id}/test`, { method: 'POST', fallbackError: '傳送失敗' }),
  deliveries: (id: number) => request<{ deliveries: WebhookDelivery[] }>(`${WEBHOOKS_ADMIN_PATH}/${id}/deliveries`, { fallbackError: '載入傳送紀錄失敗' }),
};
