import type { AdminArticle, ArticleStatus } from '@coinmag/contracts';
import { normalizeSlug } from '@coinmag/rules';
import { clampCarouselOrder, flagsFromRecommendation, recommendationFromFlags, type Recommendation } from './recommendation';
import { cleanTags } from './tags';
import { stripContentHosts } from './content-hosts';

/** The cover as the form holds it (docs/product.md §4): none, a newly picked file, or the one already saved. */
export type CoverState =
  | { kind: 'none' }
  | { kind: 'existing'; url: string }
  | { kind: 'new'; file: File; previewUrl: string };

export interface ArticleFormValues {
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  categoryId: string;
  status: ArticleStatus;
  publishedAt: string;
  recommendation: Recommendation;
  isCarousel: boolean;
  carouselOrder: number;
  metaTitle: string;
  metaDescription: string;
  tags: string[];
  /** The cover's alt text (empty unless typed). */
  coverAlt: string;
  /** Whether glossary terms are linked in this article (docs/product.md §3 Glossary); absent: on. */
  glossaryLinks?: boolean;
}

export const EMPTY_ARTICLE: ArticleFormValues = {
  title: '',
  content: '',
  excerpt: '',
  slug: '',
  categoryId: '',
  status: 'draft',
  publishedAt: '',
  recommendation: 'none',
  isCarousel: false,
  carouselOrder: 1,
  metaTitle: '',
  metaDescription: '',
  tags: [],
  coverAlt: '',
};

export const STATUS_LABELS: Record<ArticleStatus, string> = { draft: '草稿', published: '已發布', scheduled: '排程中' };

/** An unknown status shows as draft (docs/product.md §4). */
export function statusOf(value: string | null | undefined): ArticleStatus {
  return value === 'published' || value === 'scheduled' ? value : 'draft';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local value on Taipei's clock, which is how the server reads it back. */
export function toTaipeiDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const taipei = new Date(date.getTime() + 8 * 60 * 60 * 1000);
  return `${taipei.getUTCFullYear()}-${pad(taipei.getUTCMonth() + 1)}-${pad(taipei.getUTCDate())}T${pad(taipei.getUTCHours())}:${pad(taipei.getUTCMinutes())}`;
}

export function valuesFromArticle(article: AdminArticle): ArticleFormValues {
  return {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt ?? '',
    slug: article.slug,
    categoryId: article.category_id == null ? '' : String(article.category_id),
    status: statusOf(article.status),
    publishedAt: toTaipeiDateTimeLocal(article.published_at),
    recommendation: recommendationFromFlags(article),
    isCarousel: article.is_carousel,
    carouselOrder: article.carousel_order ?? 1,
    metaTitle: article.meta_title ?? '',
    metaDescription: article.meta_description ?? '',
    tags: [...article.tags],
    coverAlt: article.featured_image_alt ?? '',
    glossaryLinks: article.glossary_links ?? true,
  };
}

/** Tiptap's empty document is `<p></p>`: that is no content. */
export function hasContent(html: string): boolean {
  return html.replace(/<p>\s*<\/p>/gi, '').replace(/<br\s*\/?>/gi, '').trim().length > 0;
}

export type FormErrors = Partial<Record<'title' | 'content', string>>;

export function validateArticle(values: ArticleFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.title.trim()) errors.title = '請輸入標題';
  if (!hasContent(values.content)) errors.content = '請輸入內容';
  return errors;
}

/** The multipart body of POST/PUT /api/articles/admin (docs/product.md §7). `siteHosts`: this site's own host names. */
export function buildArticleFormData(values: ArticleFormValues, cover: CoverState, siteHosts: readonly string[] = []): FormData {
  const form = new FormData();
  const flags = flagsFromRecommendation(values.recommendation);
  form.append('title', values.title.trim());
  form.append('content', stripContentHosts(values.content, siteHosts));
  form.append('excerpt', values.excerpt.trim());
  form.append('category_id', values.categoryId);
  form.append('status', values.status);
  form.append('is_featured', String(flags.is_featured));
  form.append('is_popular', String(flags.is_popular));
  form.append('is_carousel', String(values.isCarousel));
  form.append('carousel_order', values.isCarousel ? String(clampCarouselOrder(values.carouselOrder)) : '');
  const slug = normalizeSlug(values.slug);
  if (slug) form.append('slug', slug);
  form.append('meta_title', values.metaTitle.trim());
  form.append('meta_description', values.metaDescription.trim());
  form.append('tags', JSON.stringify(cleanTags(values.tags)));
  form.append('published_at', values.publishedAt);
  form.append('featured_image_alt', cover.kind === 'none' ? '' : values.coverAlt.trim());
  form.append('glossary_links', String(values.glossaryLinks !== false));
  if (cover.kind === 'new') form.append('featured_image', cover.file, cover.file.name);
  else if (cover.kind === 'existing') form.append('keep_existing_featured_image', cover.url);
  return form;
}
