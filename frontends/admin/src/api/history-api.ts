import type { AdminArticle, Autosave, AutosaveInput, Revision, RevisionList } from '@coinmag/contracts';
import { request } from './http';

/** Where a form's server copy lives: under its article, or under a new draft's key. */
export type AutosaveTarget = { articleId: number } | { draftKey: string };

const autosavePath = (target: AutosaveTarget) =>
  'articleId' in target ? `/api/articles/admin/${target.articleId}/autosave` : `/api/articles/admin/drafts/${encodeURIComponent(target.draftKey)}/autosave`;

export const revisionsApi = {
  list: (articleId: number) => request<RevisionList>(`/api/articles/admin/${articleId}/revisions`, { fallbackError: '載入版本紀錄失敗' }),
  get: (articleId: number, revisionId: number) => request<Revision>(`/api/articles/admin/${articleId}/revisions/${revisionId}`, { fallbackError: '載入版本失敗' }),
  restore: (articleId: number, revisionId: number, version: number) =>
    request<AdminArticle>(`/api/articles/admin/${articleId}/revisions/${revisionId}/restore`, { method: 'POST', json: { version }, fallbackError: '' }),
};

export const autosaveApi = {
  latestDraft: () => request<{ draft_key: string | null; autosave: Autosave | null }>('/api/articles/admin/drafts/latest'),
  get: (target: AutosaveTarget) => request<{ autosave: Autosave | null }>(autosavePath(target)),
  put: (target: AutosaveTarget, copy: AutosaveInput) => request<{ saved_at: string }>(autosavePath(target), { method: 'PUT', json: copy, fallbackError: '' }),
  remove: (target: AutosaveTarget) => request<unknown>(autosavePath(target), { method: 'DELETE' }),
};
