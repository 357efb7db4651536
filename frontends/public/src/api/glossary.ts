import type { GlossaryIndex, GlossaryTermPage } from '@coinmag/contracts';
import { getJson } from './http';

export const fetchGlossary = (signal?: AbortSignal) => getJson<GlossaryIndex>('/api/glossary', '載入資料失敗', signal);

export const fetchGlossaryTerm = (slug: string, page: number, signal?: AbortSignal) =>
  getJson<GlossaryTermPage>(`/api/glossary/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`, '載入資料失敗', signal);
