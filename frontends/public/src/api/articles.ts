import type { ArticleDetail, ArticleList, ArticleSummary, PublicCategory } from '@coinmag/contracts';
import { getJson } from './http';

const FETCH_ARTICLES_FAILED = '取得文章失敗';
const FETCH_FEATURED_FAILED = '取得精選文章失敗';

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface ArticleQuery {
  category?: string;
  search?: string;
  page?: number;
  limit?: number;
}

export const fetchArticles = (params: ArticleQuery, signal?: AbortSignal) =>
  getJson<ArticleList>(`/api/articles${query({ ...params })}`, FETCH_ARTICLES_FAILED, signal);

export const fetchFeatured = (limit: number, signal?: AbortSignal) =>
  getJson<ArticleSummary[]>(`/api/articles/featured${query({ limit })}`, FETCH_FEATURED_FAILED, signal);

export const fetchCarousel = (signal?: AbortSignal) => getJson<ArticleSummary[]>('/api/articles/carousel', FETCH_ARTICLES_FAILED, signal);

export const fetchPopular = (limit: number, signal?: AbortSignal) =>
  getJson<ArticleSummary[]>(`/api/articles/popular${query({ limit })}`, FETCH_ARTICLES_FAILED, signal);

export const fetchLatest = (limit: number, signal?: AbortSignal) =>
  getJson<ArticleSummary[]>(`/api/articles/latest${query({ limit })}`, FETCH_ARTICLES_FAILED, signal);

export const fetchArticle = (slug: string, signal?: AbortSignal) =>
  getJson<ArticleDetail>(`/api/articles/${encodeURIComponent(slug)}`, '取得文章失敗', signal);

export const fetchCategories = (signal?: AbortSignal) => getJson<PublicCategory[]>('/api/categories', '載入資料失敗', signal);

/** The view beacon: fire and forget, once per article page view. */
export function sendView(slug: string): void {
  const url = `/api/articles/${encodeURIComponent(slug)}/views`;
  fetch(url, { method: 'POST', keepalive: true }).catch((err: unknown) => console.warn('[views] beacon failed', err));
}
