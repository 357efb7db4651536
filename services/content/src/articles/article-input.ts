import { ARTICLE_LIMITS, ARTICLE_STATUSES, type ArticleStatus } from '@coinmag/contracts';
import { assertSafeText, ValidationError } from '@coinmag/service-kit';
import { tagKey } from '@coinmag/rules';
import { assertArticleHtmlBounds } from './article-html-limits.js';

/** The multipart fields of POST/PUT /api/articles/admin, validated and typed. */
export interface ArticleInput {
  title: string;
  content: string;
  excerpt: string;
  category_id: number | null;
  status: ArticleStatus;
  is_featured: boolean;
  is_popular: boolean;
  is_carousel: boolean;
  carousel_order: number | null;
  /** Undefined: keep (update) or generate (create). */
  slug: string | undefined;
  meta_title: string;
  meta_description: string;
  tags: string[];
  published_at: Date | null;
  keep_existing_featured_image: boolean;
  /** The glossary panel's switch; absent: left as it is. */
  glossary_links?: boolean;
}

const TRUE_VALUES = new Set(['true', '1', 'on', 'yes']);
const FALSE_VALUES = new Set(['false', '0', 'off', 'no', '']);

function flag(fields: Record<string, string>, name: string): boolean {
  const raw = (fields[name] ?? '').trim().toLowerCase();
  if (TRUE_VALUES.has(raw)) return true;
  if (FALSE_VALUES.has(raw)) return false;
  throw new ValidationError(name, `${name} 必須是 true 或 false`);
}

function bounded(fields: Record<string, string>, name: string, max: number, label: string): string {
  const value = (fields[name] ?? '').trim();
  if (Array.from(value).length > max) throw new ValidationError(name, `${label}最多 ${max} 個字`);
  return value;
}

/** Tags arrive as JSON array text: trimmed, empties and spellings of a tag already given (same tagKey) dropped, count and length bounded. */
export function parseTags(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ValidationError('tags', '標籤格式不正確（需為 JSON 陣列）');
  }
  if (!Array.isArray(parsed) || parsed.some((tag) => typeof tag !== 'string')) throw new ValidationError('tags', '標籤格式不正確（需為文字陣列）');
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of parsed as string[]) {
    // The form field was checked as text; the JSON inside it can still spell out a NUL or a lone surrogate.
    assertSafeText('tags', tag);
    const name = tag.trim().replace(/\s+/g, ' ');
    if (!name || seen.has(tagKey(name))) continue;
    if (Array.from(name).length > ARTICLE_LIMITS.tagLength) throw new ValidationError('tags', `每個標籤最多 ${ARTICLE_LIMITS.tagLength} 個字`);
    seen.add(tagKey(name));
    tags.push(name);
  }
  if (tags.length > ARTICLE_LIMITS.tags) throw new ValidationError('tags', `標籤最多 ${ARTICLE_LIMITS.tags} 個`);
  return tags;
}

const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?$/;

/**
 * published_at: ISO 8601. A value without a zone (what a datetime-local input sends)
 * is read as Taipei time, the time the admin sees on the clock.
 */
export function parsePublishedAt(raw: string | undefined): Date | null {
  const value = raw?.trim();
  if (!value) return null;
  let date: Date;
  if (HAS_ZONE.test(value)) date = new Date(value);
  else if (LOCAL_DATE_TIME.test(value)) date = new Date(`${value.length === 10 ? `${value}T00:00` : value}+08:00`);
  else date = new Date(NaN);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 9999) {
    throw new ValidationError('published_at', '發布時間格式不正確');
  }
  return date;
}

function categoryId(raw: string | undefined): number | null {
  const value = raw?.trim();
  if (!value || value === 'null') return null;
  if (!/^\d{1,9}$/.test(value)) throw new ValidationError('category_id', '分類格式不正確');
  return Number(value);
}

function carouselOrder(raw: string | undefined, isCarousel: boolean): number | null {
  if (!isCarousel) return null;
  const value = Number((raw ?? '').trim() || '1');
  if (!Number.isInteger(value) || value < ARTICLE_LIMITS.carouselOrderMin || value > ARTICLE_LIMITS.carouselOrderMax) {
    throw new ValidationError('carousel_order', `輪播順序必須介於 ${ARTICLE_LIMITS.carouselOrderMin} 到 ${ARTICLE_LIMITS.carouselOrderMax}`);
  }
  return value;
}

export function parseArticleInput(fields: Record<string, string>): ArticleInput {
  const title = bounded(fields, 'title', ARTICLE_LIMITS.title, '標題');
  if (!title) throw new ValidationError('title', '請輸入標題');
  const content = fields.content ?? '';
  if (!content.trim()) throw new ValidationError('content', '請輸入內容');
  assertArticleHtmlBounds(content);
  const rawStatus = (fields.status ?? '').trim();
  const status = (ARTICLE_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as ArticleStatus) : 'draft';
  const isFeatured = flag(fields, 'is_featured');
  const isPopular = flag(fields, 'is_popular');
  if (isFeatured && isPopular) throw new ValidationError('is_popular', '推薦類型只能選擇一種：精選或熱門');
  const isCarousel = flag(fields, 'is_carousel');
  const slug = fields.slug?.trim() ? fields.slug : undefined;
  if (slug !== undefined && Array.from(slug).length > 200) throw new ValidationError('slug', '網址代稱過長');
  return {
    title,
    content,
    excerpt: bounded(fields, 'excerpt', ARTICLE_LIMITS.excerpt, '摘要'),
    category_id: categoryId(fields.category_id),
    status,
    is_featured: isFeatured,
    is_popular: isPopular,
    is_carousel: isCarousel,
    carousel_order: carouselOrder(fields.carousel_order, isCarousel),
    slug,
    meta_title: bounded(fields, 'meta_title', ARTICLE_LIMITS.metaTitle, 'SEO 標題'),
    meta_description: bounded(fields, 'meta_description', ARTICLE_LIMITS.metaDescription, 'SEO 描述'),
    tags: parseTags(fields.tags),
    published_at: parsePublishedAt(fields.published_at),
    keep_existing_featured_image: Boolean(fields.keep_existing_featured_image?.trim()),
    ...(fields.glossary_links === undefined ? {} : { glossary_links: flag(fields, 'glossary_links') }),
  };
}
