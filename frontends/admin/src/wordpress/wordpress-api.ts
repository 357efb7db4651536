import { WORDPRESS_IMPORT_PATHS, type WordPressImport } from '@coinmag/contracts';
import { ApiError, CSRF_HEADER, CSRF_HEADER_VALUE, hasSession, request } from '../api/http';

export interface UploadOptions {
  file: File;
  withImages: boolean;
  /** Share of the file sent so far, 0–1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

const UPLOAD_FAILED = '上傳失敗，請稍後再試';

/**
 * The export is the request body itself (no multipart), sent with XMLHttpRequest because fetch
 * cannot report how much of a 100 MB file has gone; errors read as every admin call's do.
 */
function uploadExport({ file, withImages, onProgress, signal }: UploadOptions): Promise<WordPressImport> {
  if (!hasSession()) return Promise.reject(new ApiError('尚未登入', 401, ''));
  const query = new URLSearchParams({ filename: file.name, images: String(withImages) });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${WORDPRESS_IMPORT_PATHS.imports}?${query}`);
    xhr.setRequestHeader('Content-Type', 'application/xml');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { error?: unknown; field?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as WordPressImport);
      else {
        const serverError = typeof body?.error === 'string' ? body.error : '';
        reject(new ApiError(serverError || UPLOAD_FAILED, xhr.status, serverError, typeof body?.field === 'string' ? body.field : undefined));
      }
    };
    xhr.onerror = () => reject(new ApiError(UPLOAD_FAILED, 0));
    xhr.onabort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export const wordpressApi = {
  upload: uploadExport,
  latest: (signal?: AbortSignal) =>
    request<{ import: WordPressImport | null }>(`${WORDPRESS_IMPORT_PATHS.imports}/latest`, { signal, fallbackError: '載入匯入狀態失敗' }).then((body) => body.import),
  get: (id: number, signal?: AbortSignal) => request<WordPressImport>(WORDPRESS_IMPORT_PATHS.importOf(id), { signal, fallbackError: '載入匯入狀態失敗' }),
  confirm: (id: number) => request<WordPressImport>(WORDPRESS_IMPORT_PATHS.confirm(id), { method: 'POST', fallbackError: '無法開始匯入' }),
  resume: (id: number) => request<WordPressImport>(WORDPRESS_IMPORT_PATHS.resume(id), { method: 'POST', fallbackError: '無法繼續匯入' }),
  discard: (id: number) => request<void>(WORDPRESS_IMPORT_PATHS.importOf(id), { method: 'DELETE', fallbackError: '無法取消這筆匯入' }),
};
