/** The §8 texts for a failed save, by HTTP status. */
export const SAVE_MESSAGES = {
  expired: '登入已過期，請重新登入',
  tooLarge: '檔案過大，請選擇較小的圖片',
  server: '伺服器錯誤，請稍後再試或聯繫管理員',
  notLoggedIn: '尚未登入',
} as const;

export const SESSION_REDIRECT_DELAY_MS = 3000;

export function saveErrorMessage(status: number, serverError?: string): string {
  if (status === 401) return SAVE_MESSAGES.expired;
  // 413 is a cover over 50 MB, an article body over 2 MB or a too-large form: the answer says
  // which; the image text only when there is none (a proxy's bare 413).
  if (status === 413) return serverError?.trim() || SAVE_MESSAGES.tooLarge;
  if (status === 500) return SAVE_MESSAGES.server;
  return serverError?.trim() || `儲存失敗（HTTP ${status}）`;
}

/** Article list load failures (docs/product.md §8): what to do and what to say. */
export type ListFailure = { action: 'login'; message?: string } | { action: 'toast'; message: string };

export function articleListFailure(status: number, hasToken: boolean, serverError?: string): ListFailure {
  if (status === 404) return { action: 'login' };
  if (status === 401) return hasToken ? { action: 'login', message: '驗證失敗，請重新登入' } : { action: 'login' };
  if (serverError?.trim()) return { action: 'toast', message: `${serverError.trim()}（HTTP ${status}）` };
  return { action: 'toast', message: '讀取文章失敗' };
}
