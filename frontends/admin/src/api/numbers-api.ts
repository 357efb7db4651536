import type { MissingPageNumbers, NumbersPeriod, SearchNumbers } from '@coinmag/contracts';
import { request } from './http';

export const numbersApi = {
  searches: (period: NumbersPeriod, signal?: AbortSignal) =>
    request<SearchNumbers>(`/api/admin/numbers/searches?period=${period}&limit=100`, { fallbackError: '載入資料失敗', signal }),
  missing: (period: NumbersPeriod, signal?: AbortSignal) =>
    request<MissingPageNumbers>(`/api/admin/numbers/missing?period=${period}&limit=100`, { fallbackError: '載入資料失敗', signal }),
};
