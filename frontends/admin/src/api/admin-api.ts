import type {
  AdminArticle,
  AdminArticleList,
  AdminStats,
  Category,
  CategoryInput,
  LoginHintResponse,
  LoginResponse,
  Settings,
  SettingsInput,
  UploadResponse,
  UploadTestResponse,
  VerifyResponse,
} from '@coinmag/contracts';
import { request } from './http';

export const ADMIN_LIST_LIMIT = 100;

export const authApi = {
  loginHint: () => request<LoginHintResponse>('/api/admin/login', { auth: false }),
  login: (username: string, password: string) =>
    request<LoginResponse>('/api/admin/login', { method: 'POST', json: { username, password }, auth: false, fallbackError: '登入失敗' }),
  verify: () => request<VerifyResponse>('/api/admin/verify'),
  /** A fresh cookie for the open session (silent renewal); 401 once the session has ended. */
  renew: () => request<LoginResponse>('/api/admin/session', { method: 'POST', fallbackError: '' }),
  /** Ends the session on the server and drops the cookie; works without an open session too. */
  logout: () => request<unknown>('/api/admin/logout', { method: 'POST', auth: false, fallbackError: '' }),
};

export const statsApi = {
  get: () => request<AdminStats>('/api/admin/stats'),
};

export const articlesApi = {
  list: (signal?: AbortSignal) => request<AdminArticleList>(`/api/articles/admin/all?limit=${ADMIN_LIST_LIMIT}`, { fallbackError: '讀取文章失敗', signal }),
  get: (id: number) => request<AdminArticle>(`/api/articles/admin/${id}`, { fallbackError: '載入文章失敗' }),
  create: (form: FormData) => request<AdminArticle>('/api/articles/admin', { method: 'POST', form, fallbackError: '' }),
  update: (id: number, form: FormData) => request<AdminArticle>(`/api/articles/admin/${id}`, { method: 'PUT', form, fallbackError: '' }),
  remove: (id: number) => request<unknown>(`/api/articles/admin/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
};

export const categoriesApi = {
  list: () => request<Category[]>('/api/categories/admin/all'),
  get: (id: number) => request<Category>(`/api/categories/admin/${id}`),
  create: (input: CategoryInput) => request<Category>('/api/categories/admin', { method: 'POST', json: input, fallbackError: '' }),
  update: (id: number, input: CategoryInput) => request<Category>(`/api/categories/admin/${id}`, { method: 'PUT', json: input, fallbackError: '' }),
  remove: (id: number) => request<unknown>(`/api/categories/admin/${id}`, { method: 'DELETE', fallbackError: '刪除失敗' }),
};

export const settingsApi = {
  get: () => request<Settings>('/api/settings/admin'),
  update: (settings: SettingsInput) => request<Settings>('/api/settings/admin', { method: 'PUT', json: settings, fallbackError: '' }),
};

export const uploadsApi = {
  test: () => request<UploadTestResponse>('/api/uploads/test', { auth: false }),
  image: (file: File) => {
    const form = new FormData();
    form.append('image', file, file.name);
    return request<UploadResponse>('/api/uploads/image', { method: 'POST', form, fallbackError: '' });
  },
};
