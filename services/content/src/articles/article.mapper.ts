import type { AdminArticle, ArticleDetail, ArticleStatus, ArticleSummary, RelatedArticle } from '@coinmag/contracts';
import { ARTICLE_STATUSES } from '@coinmag/contracts';
import type { ArticleRow } from './articles.repository.js';
import { resolveFeaturedImage } from './featured-image.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function statusOf(value: string): ArticleStatus {
  return (ARTICLE_STATUSES as readonly string[]).includes(value) ? (value as ArticleStatus) : 'draft';
}

export function toSummary(row: ArticleRow): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content_text: row.content_text.slice(0, 300),
    category_id: row.category_id,
    category_name: row.category_name,
    category_slug: row.category_slug,
    is_featured: row.is_featured,
    is_popular: row.is_popular,
    is_carousel: row.is_carousel,
    carousel_order: row.carousel_order,
    featured_image: resolveFeaturedImage(row.featured_image),
    featured_image_alt: row.featured_image_alt ?? '',
    view_count: Number(row.view_count),
    tags: (row.tags ?? []).join(','),
    published_at: iso(row.published_at),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toRelated(row: ArticleRow): RelatedArticle {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt || row.content_text.slice(0, 120),
    category_name: row.category_name,
    published_at: iso(row.published_at),
    featured_image: resolveFeaturedImage(row.featured_image),
    featured_image_alt: row.featured_image_alt ?? '',
  };
}

export function toDetail(row: ArticleRow, related: ArticleRow[]): ArticleDetail {
  return {
    ...toSummary(row),
    content: row.content ?? '',
    status: statusOf(row.status),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    toc: row.toc ?? [],
    relatedArticles: related.map(toRelated),
  };
}

export function toAdmin(row: ArticleRow): AdminArticle {
  const { tags: _tags, ...summary } = toSummary(row);
  return {
    ...summary,
    content: row.content ?? '',
    status: statusOf(row.status),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    tags: row.tags ?? [],
    created_at: row.created_at.toISOString(),
    glossary_links: row.glossary_links ?? true,
    version: row.version,
  };
}
