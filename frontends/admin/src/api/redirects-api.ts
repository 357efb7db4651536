import type { RedirectInput, RedirectList, RedirectRow, RedirectTargets } from '@coinmag/contracts';
import { request } from './http';

export const redirectsApi = {
  list: (signal?: AbortSignal) => request<RedirectList>('/api/admin/redirects', { fallbackError: '載入資料失敗', signal }),
  targets: (q: string, signal?: AbortSignal) => request<RedirectTargets>(`/api/admin/redirects/targets?${new URLSearchParams({ q })}`, { fallbackError: '搜尋失敗', signal }),
  create: (input: RedirectInput) => request<RedirectRow>('/api/admin/redirects', { method: 'POST', json: input, fallbackError: '新增轉址失敗' }),
  update: (id: number, input: RedirectInput) => request<RedirectRow>(`/api/admin/redirects/${id}`, { method: 'PUT', json: input, fallbackError: '更新失敗' }),
  remove: (id: number) => request<void>(`/api/admin/redirects/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
};
