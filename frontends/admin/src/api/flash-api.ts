import { FLASH_ADMIN_PATH, type AdminFlash, type FlashInput, type FlashRevision } from '@coinmag/contracts';
import { request } from './http';

/** What the form sends: the input schema before its defaults are applied. */
export type FlashSend = Partial<Omit<FlashInput, 'text'>> & { text: string };

export const flashApi = {
  list: () => request<AdminFlash[]>(FLASH_ADMIN_PATH),
  create: (input: FlashSend) => request<AdminFlash>(FLASH_ADMIN_PATH, { method: 'POST', json: input, fallbackError: '' }),
  update: (id: number, input: FlashSend) => request<AdminFlash>(`${FLASH_ADMIN_PATH}/${id}`, { method: 'PUT', json: input, fallbackError: '' }),
  remove: (id: number) => request<unknown>(`${FLASH_ADMIN_PATH}/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
};

export const flashHistoryApi = {
  list: (id: number) => request<FlashRevision[]>(`${FLASH_ADMIN_PATH}/${id}/revisions`, { fallbackError: '載入版本紀錄失敗' }),
  restore: (id: number, revisionId: number, version: number) =>
    request<AdminFlash>(`${FLASH_ADMIN_PATH}/${id}/revisions/${revisionId}/restore`, { method: 'POST', json: { version }, fallbackError: '' }),
};
