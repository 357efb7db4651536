import { NEWSLETTER_ADMIN_PATH, type CampaignEdit, type CampaignPreview, type CampaignView, type MailboxItem, type MailboxMessage, type SubscriberCounts, type SubscriberRow, type SubscriberStatus } from '@coinmag/contracts';
import { request } from './http';

const base = NEWSLETTER_ADMIN_PATH;

export const newsletterApi = {
  /** POST: the address searched for stays out of every URL (and so out of every proxy's log). */
  subscribers: (query: { q?: string; status?: SubscriberStatus | ''; page?: number }) =>
    request<{ items: SubscriberRow[]; total: number; counts: SubscriberCounts }>(`${base}/subscribers/search`, {
      method: 'POST',
      json: { ...(query.q ? { q: query.q } : {}), ...(query.status ? { status: query.status } : {}), ...(query.page && query.page > 1 ? { page: query.page } : {}) },
      fallbackError: '載入資料失敗',
    }),
  remove: (id: number) => request<void>(`${base}/subscribers/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
  mailbox: () => request<{ items: MailboxItem[]; total: number }>(`${base}/mailbox`, { fallbackError: '載入資料失敗' }),
  mailboxMessage: (id: number) => request<MailboxMessage>(`${base}/mailbox/${id}`, { fallbackError: '載入資料失敗' }),
  campaigns: () => request<CampaignView[]>(`${base}/campaigns`, { fallbackError: '載入資料失敗' }),
  campaign: (id: number) => request<CampaignView>(`${base}/campaigns/${id}`, { fallbackError: '載入資料失敗' }),
  draftDigest: () => request<CampaignView>(`${base}/campaigns/digest`, { method: 'POST', fallbackError: '建立失敗' }),
  save: (id: number, edit: CampaignEdit) => request<CampaignView>(`${base}/campaigns/${id}`, { method: 'PUT', json: edit, fallbackError: '' }),
  preview: (edit: CampaignEdit) => request<CampaignPreview>(`${base}/campaigns/preview`, { method: 'POST', json: edit, fallbackError: '預覽開啟失敗' }),
  test: (id: number, email: string) => request<{ message: string }>(`${base}/campaigns/${id}/test`, { method: 'POST', json: { email }, fallbackError: '' }),
  send: (id: number, at?: string) => request<CampaignView>(`${base}/campaigns/${id}/send`, { method: 'POST', json: at ? { at } : {}, fallbackError: '' }),
  cancel: (id: number) => request<CampaignView>(`${base}/campaigns/${id}/cancel`, { method: 'POST', json: {}, fallbackError: '' }),
  forArticle: (articleId: number, slug: string) => request<CampaignView>(`${base}/article-campaigns`, { method: 'POST', json: { articleId, slug }, fallbackError: '' }),
};
