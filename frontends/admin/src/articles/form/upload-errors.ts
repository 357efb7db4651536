import { SAVE_MESSAGES } from '../../api/save-errors';

export const UPLOAD_MESSAGES = {
  onlyImages: '只允許上傳圖片檔案',
  selectImage: '請選擇圖片檔案',
  dragImage: '請拖曳圖片檔案',
  stillTooLarge: '檔案仍然過大，請嘗試解析度較低的圖片',
  failed: '圖片上傳失敗',
  fallback: '一般上傳失敗，切換至備用模式',
  compressionFailed: '圖片壓縮失敗，將使用原始檔案',
  readFailed: '檔案讀取失敗',
} as const;

/**
 * A failed upload's message: a session that ended (its token expired during the upload), 413 or
 * a "too large" answer, the server's own image-type text, or the generic one.
 */
export function uploadErrorMessage(status: number, serverError?: string): string {
  const text = serverError?.trim() ?? '';
  if (status === 401) return SAVE_MESSAGES.expired;
  if (status === 413 || /過大|too large/i.test(text)) return UPLOAD_MESSAGES.stillTooLarge;
  if (text === UPLOAD_MESSAGES.onlyImages) return UPLOAD_MESSAGES.onlyImages;
  return UPLOAD_MESSAGES.failed;
}

const SAFE_IMAGE_URL = /^(https?:\/\/|data:image\/|\/(?!\/))/i;
const SAFE_LINK_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/** Images only from http, https or data addresses (site paths count as this site's http). */
export function isAllowedImageUrl(url: string): boolean {
  return SAFE_IMAGE_URL.test(url.trim());
}

/** Links only to http, https, mailto and tel (docs/product.md §5); site paths and anchors are this site over http(s). */
export function isAllowedLinkUrl(url: string): boolean {
  return SAFE_LINK_URL.test(url.trim());
}
