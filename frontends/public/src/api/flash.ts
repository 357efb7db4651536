import { FLASH_LIVE_PATH, FLASH_PUBLIC_PATH, type FlashLive, type FlashPage, type PublicFlash } from '@coinmag/contracts';
import { getJson } from './http';

const FAILED = '載入快訊失敗';

export function flashPagePath(cursor?: string | null, tag?: string): string {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  if (tag) query.set('tag', tag);
  const search = query.toString();
  return search ? `${FLASH_PUBLIC_PATH}?${search}` : FLASH_PUBLIC_PATH;
}

export const fetchFlashPage = (cursor?: string | null, tag?: string, signal?: AbortSignal) => getJson<FlashPage>(flashPagePath(cursor, tag), FAILED, signal);

export const fetchFlashLive = (signal?: AbortSignal) => getJson<FlashLive>(FLASH_LIVE_PATH, FAILED, signal);

export const fetchFlashItem = (id: number, signal?: AbortSignal) => getJson<PublicFlash>(`${FLASH_PUBLIC_PATH}/${id}`, FAILED, signal);
