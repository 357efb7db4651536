import type { AuditKind, AuditList } from '@coinmag/contracts';
import { request } from './http';

export interface AuditFilter {
  kind?: AuditKind;
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
}

export const auditApi = {
  list: (filter: AuditFilter = {}, signal?: AbortSignal) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
    return request<AuditList>(`/api/admin/audit?${params}`, { fallbackError: '載入紀錄失敗', signal });
  },
};
