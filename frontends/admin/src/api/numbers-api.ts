import type { ArticleViews, MissingPageNumbers, NumbersPeriod, SearchNumbers, SiteViews, ViewPeriod } from '@coinmag/contracts';
import { request } from './http';

export const numbersApi = {
  searches: (period: NumbersPeriod, signal?: AbortSignal) =>
    request<SearchNumbers>(`/api/admin/numbers/searches?period=${period}&limit=100`, { fallbackError: '載入資料失敗', signal }),
  missing: (period: NumbersPeriod, signal?: AbortSignal) =>
    request<MissingPageNumbers>(`/api/admin/numbers/missing?period=${period}&limit=100`, { fallbackError: '載入資料失敗', signal }),
  views: (period: ViewPeriod, signal?: AbortSignal) =>
    request<SiteViews>(`/api/admin/numbers/views?period=${period}&limit=10`, { fallbackError: '載入資料失敗', signal }),
  articleViews: (id: number, signal?: AbortSignal) =>
    request<ArticleViews>(`/api/admin/numbers/views/articles/${id}`, { fallbackError: '載入資料失敗', signal }),
};
