import { FLASH_ADMIN_PATH, type AdminFlash, type FlashInput } from '@coinmag/contracts';
import { request } from './http';

/** What the form sends: the input schema before its defaults are applied. */
export type FlashSend = Partial<Omit<FlashInput, 'text'>> & { text: string };

export const flashApi = {
  list: () => request<AdminFlash[]>(FLASH_ADMIN_PATH),
  create: (input: FlashSend) => request<AdminFlash>(FLASH_ADMIN_PATH, { method: 'POST', json: input, fallbackError: '' }),
  update: (id: number, input: FlashSend) => request<AdminFlash>(`${FLASH_ADMIN_PATH}/${id}`, { method: 'PUT', json: input, fallbackError: '' }),
  remove: (id: number) => request<unknown>(`${FLASH_ADMIN_PATH}/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
};
