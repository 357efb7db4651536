import type { ArticleDetail, ArticleList, ArticleSummary, PublicCategory, PublicTag } from '@coinmag/contracts';
import { getJson, type Api } from './http';

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
  tag?: string;
  search?: string;
  page?: number;
  limit?: number;
}

export const fetchArticles = (params: ArticleQuery, api: Api) =>
  getJson<ArticleList>(`/api/articles${query({ ...params })}`, FETCH_ARTICLES_FAILED, api);

export const fetchFeatured = (limit: number, api: Api) =>
  getJson<ArticleSummary[]>(`/api/articles/featured${query({ limit })}`, FETCH_FEATURED_FAILED, api);

export const fetchCarousel = (api: Api) => getJson<ArticleSummary[]>('/api/articles/carousel', FETCH_ARTICLES_FAILED, api);

export const fetchPopular = (limit: number, api: Api) =>
  getJson<ArticleSummary[]>(`/api/articles/popular${query({ limit })}`, FETCH_ARTICLES_FAILED, api);

export const fetchLatest = (limit: number, api: Api) =>
  getJson<ArticleSummary[]>(`/api/articles/latest${query({ limit })}`, FETCH_ARTICLES_FAILED, api);

export const fetchArticle = (slug: string, api: Api) =>
  getJson<ArticleDetail>(`/api/articles/${encodeURIComponent(slug)}`, '取得文章失敗', api);

export const fetchCategories = (api: Api) => getJson<PublicCategory[]>('/api/categories', '載入資料失敗', api);

/** A random id for one page view (RFC 4122 v4; getRandomValues works on plain http too). */
function pageViewId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The host of the page the reader came from, when another site's: only the host, never its path or query; '' otherwise. */
function referringHost(): string {
  try {
    const host = document.referrer ? new URL(document.referrer).hostname : '';
    return host && host !== location.hostname ? host : '';
  } catch {
    return '';
  }
}

/**
 * The view beacon, once per article page view; resolves to the article's current count (or
 * null). It carries the page view's id, so the one retry after a failure cannot count twice, and
 * the referring site's host (docs/product.md, What is recorded).
 */
export async function sendView(slug: string): Promise<number | null> {
  const host = referringHost();
  const url = `/api/articles/${encodeURIComponent(slug)}/views?pv=${pageViewId()}${host ? `&r=${encodeURIComponent(host)}` : ''}`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const res = await fetch(url, { method: 'POST', keepalive: true });
      if (res.ok) return ((await res.json()) as { view_count: number }).view_count;
      if (res.status < 500) return null;
    } catch (err) {
      console.warn('[views] beacon failed', err);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return null;
}

export const fetchTag = (tag: string, api: Api) => getJson<PublicTag>(`/api/tags/${encodeURIComponent(tag)}`, '載入資料失敗', api);
