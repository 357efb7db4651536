import type { GlossaryIndex, GlossaryTermPage } from '@coinmag/contracts';
import { getJson, type Api } from './http';

export const fetchGlossary = (api: Api) => getJson<GlossaryIndex>('/api/glossary', '載入資料失敗', api);

export const fetchGlossaryTerm = (slug: string, page: number, api: Api) =>
  getJson<GlossaryTermPage>(`/api/glossary/${encodeURIComponent(slug)}${page > 1 ? `?page=${page}` : ''}`, '載入資料失敗', api);
