import type { CreatedPreviewLink, PreviewLink } from '@coinmag/contracts';
import { request } from './http';

const base = (articleId: number) => `/api/articles/admin/${articleId}/preview-links`;

export const previewLinksApi = {
  list: (articleId: number) => request<{ links: PreviewLink[] }>(base(articleId), { fallbackError: '載入資料失敗' }),
  create: (articleId: number, days: number) => request<CreatedPreviewLink>(base(articleId), { method: 'POST', json: { days }, fallbackError: '建立預覽連結失敗' }),
  revoke: (articleId: number, linkId: number) => request<PreviewLink>(`${base(articleId)}/${linkId}`, { method: 'DELETE', fallbackError: '撤銷失敗' }),
};
