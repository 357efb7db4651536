import type { WebhookDelivery, WebhookEndpoint, WebhookInput } from '@coinmag/contracts';
import { request } from './http';

export const webhooksApi = {
  list: () => request<{ endpoints: WebhookEndpoint[] }>('/api/admin/webhooks', { fallbackError: '載入資料失敗' }),
  create: (input: Partial<WebhookInput>) => request<WebhookEndpoint>('/api/admin/webhooks', { method: 'POST', json: input, fallbackError: '' }),
  update: (id: number, input: WebhookInput) => request<WebhookEndpoint>(`/api/admin/webhooks/${id}`, { method: 'PUT', json: input, fallbackError: '' }),
  remove: (id: number) => request<unknown>(`/api/admin/webhooks/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
  sendTest: (id: number) => request<unknown>(`/api/admin/webhooks/${id}/test`, { method: 'POST', fallbackError: '傳送失敗' }),
  deliveries: (id: number) => request<{ deliveries: WebhookDelivery[] }>(`/api/admin/webhooks/${id}/deliveries`, { fallbackError: '載入傳送紀錄失敗' }),
};
