import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { articleListFailure, saveErrorMessage } from './save-errors';
import { isAllowedImageUrl, isAllowedLinkUrl, uploadErrorMessage } from '../articles/form/upload-errors';

describe('save error texts (docs/product.md §8)', () => {
  it('names each status', () => {
    expect(saveErrorMessage(401)).toBe('登入已過期，請重新登入');
    expect(saveErrorMessage(413, API_MESSAGES.payloadTooLarge)).toBe('檔案過大，請選擇較小的圖片');
    expect(saveErrorMessage(413, API_MESSAGES.articleContentTooLarge)).toBe('文章內容過大（上限 2 MB），請縮短內容或分成多篇文章');
    expect(saveErrorMessage(413)).toBe('檔案過大，請選擇較小的圖片');
    expect(saveErrorMessage(500, 'boom')).toBe('伺服器錯誤，請稍後再試或聯繫管理員');
    expect(saveErrorMessage(400, '請輸入標題')).toBe('請輸入標題');
    expect(saveErrorMessage(503)).toBe('儲存失敗（HTTP 503）');
  });
  it('sends the list to login on 404 and on 401', () => {
    expect(articleListFailure(404, true)).toEqual({ action: 'login' });
    expect(articleListFailure(401, true)).toEqual({ action: 'login', message: '驗證失敗，請重新登入' });
    expect(articleListFailure(401, false)).toEqual({ action: 'login' });
    expect(articleListFailure(502, true, '服務發生錯誤')).toEqual({ action: 'toast', message: '服務發生錯誤（HTTP 502）' });
    expect(articleListFailure(0, true)).toEqual({ action: 'toast', message: '讀取文章失敗' });
  });
});

describe('upload and address rules', () => {
  it('names a too-large upload and falls back to the generic text', () => {
    expect(uploadErrorMessage(413)).toBe('檔案仍然過大，請嘗試解析度較低的圖片');
    expect(uploadErrorMessage(401, '驗證失敗')).toBe('登入已過期，請重新登入');
    expect(uploadErrorMessage(400, '檔案過大')).toBe('檔案仍然過大，請嘗試解析度較低的圖片');
    expect(uploadErrorMessage(400, '只允許上傳圖片檔案')).toBe('只允許上傳圖片檔案');
    expect(uploadErrorMessage(503, '服務暫時無法使用')).toBe('圖片上傳失敗');
  });
  it('allows links to http, https, mailto, tel and site paths only', () => {
    for (const ok of ['https://a.tw', 'http://a.tw', 'mailto:a@b.tw', 'tel:+886', '/article/x']) expect(isAllowedLinkUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://a', '//evil.com', 'data:text/html,x']) expect(isAllowedLinkUrl(bad)).toBe(false);
  });
  it('allows images from http, https and data only', () => {
    for (const ok of ['https://a.tw/x.png', 'data:image/png;base64,AA==', '/uploads/a.jpg']) expect(isAllowedImageUrl(ok)).toBe(true);
    for (const bad of ['javascript:x', 'file:///etc/passwd', 'blob:x', '//evil.com/a.png']) expect(isAllowedImageUrl(bad)).toBe(false);
  });
});
