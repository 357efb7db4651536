import { FLASH_LIVE_PATH, FLASH_PUBLIC_PATH, type FlashLive, type FlashPage, type PublicFlash } from '@coinmag/contracts';
import { getJson, type Api } from './http';

const FAILED = '載入快訊失敗';

export function flashPagePath(cursor?: string | null, tag?: string): string {
  const query = new URLSearchParams();
  if (cursor) query.set('cursor', cursor);
  if (tag) query.set('tag', tag);
  const search = query.toString();
  return search ? `${FLASH_PUBLIC_PATH}?${search}` : FLASH_PUBLIC_PATH;
}

export const fetchFlashPage = (cursor: string | null, tag: string | undefined, api: Api) => getJson<FlashPage>(flashPagePath(cursor, tag), FAILED, api);

export const fetchFlashLive = (api: Api) => getJson<FlashLive>(FLASH_LIVE_PATH, FAILED, api);

export const fetchFlashItem = (id: number, api: Api) => getJson<PublicFlash>(`${FLASH_PUBLIC_PATH}/${id}`, FAILED, api);
