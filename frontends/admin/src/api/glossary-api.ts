import type { AdminGlossaryTerm, GlossaryImportReport, GlossaryLinkPreview, GlossaryTermInput } from '@coinmag/contracts';
import { request } from './http';

const BASE = '/api/glossary/admin';

export const glossaryApi = {
  list: (search = '', signal?: AbortSignal) => request<{ terms: AdminGlossaryTerm[] }>(`${BASE}/terms${search ? `?q=${encodeURIComponent(search)}` : ''}`, { signal }),
  get: (id: number) => request<AdminGlossaryTerm>(`${BASE}/terms/${id}`),
  create: (input: GlossaryTermInput) => request<AdminGlossaryTerm>(`${BASE}/terms`, { method: 'POST', json: input, fallbackError: '' }),
  update: (id: number, input: GlossaryTermInput) => request<AdminGlossaryTerm>(`${BASE}/terms/${id}`, { method: 'PUT', json: input, fallbackError: '' }),
  remove: (id: number) => request<unknown>(`${BASE}/terms/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
  settings: () => request<{ max_links: number }>(`${BASE}/settings`),
  saveSettings: (maxLinks: number) => request<{ max_links: number }>(`${BASE}/settings`, { method: 'PUT', json: { max_links: maxLinks }, fallbackError: '' }),
  import: (csv: string, apply: boolean) => request<GlossaryImportReport>(`${BASE}/import`, { method: 'POST', json: { csv, apply }, fallbackError: '匯入失敗' }),
  links: (content: string, signal?: AbortSignal) => request<GlossaryLinkPreview>(`${BASE}/links`, { method: 'POST', json: { content }, signal, fallbackError: '' }),
};
