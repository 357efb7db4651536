import { createHash } from 'node:crypto';
import { ARTICLE_LIMITS, type ArticleStatus } from '@coinmag/contracts';
import { normalizeSlug, SLUG_MAX_LENGTH, slugFromTitle } from '@coinmag/rules';
import { inspectBody, plainText } from './body-html.js';
import { convertWordPressBody } from './shortcodes.js';
import { originalImageUrl } from './original-image-url.js';
import type { AttachmentLookup } from './attachment-index.js';
import { detached, type WxrCategory, type WxrItem } from './wxr-parser.js';

/** A WordPress post as an article of ours, before slugs are checked against the database. */
export interface MappedPost {
  wpPostId: number;
  link: string;
  title: string;
  slug: string;
  /** The slug WordPress used (decoded), which old links carry. */
  wpSlug: string;
  status: ArticleStatus;
  publishedAt: Date | null;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  /** Our slug of its first category, or null. */
  categorySlug: string | null;
  tags: string[];
  /** Raw body HTML after shortcodes (sanitised by the editor's rules when written). */
  content: string;
  /** The cover's original URL, from _thumbnail_id. */
  coverUrl: string | null;
  /** Every image the body uses, as referenced and as its original. */
  bodyImages: { referenced: string; original: string }[];
  problems: string[];
  /** Changes when anything imported from WordPress changes: decides update or unchanged. */
  sourceHash: string;
}

export type ItemDecision =
  | { kind: 'post'; post: MappedPost }
  | { kind: 'attachment' }
  /** Left out by rule; `problem` when the report must say why (a field over its limit). */
  | { kind: 'skip'; reason: string; problem?: string }
  /** A post whose mapping failed (too slow or too complex): reported, and a failure in the import. */
  | { kind: 'unreadable'; reason: string };

/** What a post may point at that is read from elsewhere in the file. */
export interface MappingContext {
  attachments: AttachmentLookup;
  /** WordPress category nicename (decoded) → our slug. */
  categorySlugs: ReadonlyMap<string, string>;
  now: Date;
}

const SKIPPED_STATUSES: Record<string, string> = { trash: '已移至垃圾桶', 'auto-draft': '自動草稿', inherit: '修訂版本' };
const SKIPPED_TYPES: Record<string, string> = { page: '頁面（不匯入）', nav_menu_item: '選單項目', revision: '修訂版本' };
const DRAFT_STATUSES = new Set(['draft', 'pending', 'private']);

/** `wp:post_name` and nicenames are percent-encoded for Chinese; decoded, then our slug rule. */
export function decodeWordPressSlug(raw: string): string {
  let decoded = raw.trim();
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A stray % is kept as written; the slug rule turns it into a hyphen.
  }
  return normalizeSlug(decoded).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
}

/** `YYYY-MM-DD hh:mm:ss` in UTC; WordPress writes 0000-00-00 00:00:00 for "never". */
export function wordPressDate(gmt: string, local: string): Date | null {
  const value = /^[1-9]\d{3}-/.test(gmt) ? gmt : '';
  if (!value) {
    // Drafts have no GMT date; their local date is a fair stand-in (Taipei time).
    if (!/^[1-9]\d{3}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(local)) return null;
    const date = new Date(`${local.replace(' ', 'T')}+08:00`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function bounded(text: string, max: number): string {
  return Array.from(text.trim()).slice(0, max).join('');
}

/** Yoast's %%title%% and friends: the ones we can fill in, the rest dropped. */
function yoastText(raw: string | undefined, title: string, max: number): string {
  if (!raw) return '';
  const filled = raw.replace(/%%title%%/g, title).replace(/%%(?:sep|sitename|page|primary_category|excerpt)%%/g, ' ').replace(/%%[a-z_]+%%/g, '');
  return bounded(filled.replace(/\s+/g, ' '), max);
}

/** Every image the body uses, as referenced (entities decoded) and as its original. */
function bodyImages(sources: string[]): { referenced: string; original: string }[] {
  const found: { referenced: string; original: string }[] = [];
  for (const referenced of sources) {
    const original = originalImageUrl(referenced);
    // Kept for the whole dry run (each image counted once): copies, not slices of the body.
    if (original) found.push({ referenced: detached(referenced), original: detached(original) });
  }
  return found;
}

function termsOf(item: WxrItem, domain: string) {
  return item.terms.filter((term) => term.domain === domain);
}

/**
 * A post mapped but for what depends on the time of the import (a scheduled date already past,
 * a published post without a date): the dry run keeps these, and the import finishes them with
 * its own clock (finishPost) instead of mapping every body again.
 */
export type PostDraft = Omit<MappedPost, 'status' | 'publishedAt' | 'sourceHash'> & { wpStatus: ArticleStatus; date: Date | null };

export function mapPost(item: WxrItem, context: MappingContext): MappedPost {
  return finishPost(draftPost(item, context), context.now);
}

/** The time-dependent part: status and date as of `now`, and the hash that decides update or unchanged. */
export function finishPost(draft: PostDraft, now: Date): MappedPost {
  const { wpStatus, date, ...post } = draft;
  let status = wpStatus;
  let publishedAt: Date | null = status === 'draft' ? null : date;
  if (status === 'scheduled' && (!publishedAt || publishedAt <= now)) status = 'published';
  if (status === 'published' && !publishedAt) publishedAt = now;
  const sourceHash = createHash('sha256')
    .update(JSON.stringify([post.title, post.slug, status, publishedAt?.toISOString() ?? null, post.excerpt, post.metaTitle, post.metaDescription, post.categorySlug, post.tags, post.content, post.coverUrl]))
    .digest('hex');
  return { ...post, status, publishedAt, sourceHash };
}

export function draftPost(item: WxrItem, context: Omit<MappingContext, 'now'>): PostDraft {
  const problems: string[] = [];
  const title = bounded(item.title, ARTICLE_LIMITS.title) || `WordPress 文章 ${item.postId}`;
  const wpSlug = decodeWordPressSlug(item.postName);
  const slug = wpSlug || slugFromTitle(title) || `wp-${item.postId}`;
  const wpStatus: ArticleStatus = DRAFT_STATUSES.has(item.status) ? 'draft' : item.status === 'future' ? 'scheduled' : 'published';
  const date = wordPressDate(item.postDateGmt, item.postDate);
  const converted = convertWordPressBody(item.content, (id) => {
    const url = context.attachments.get(id);
    return url ? `<img src="${url.replace(/"/g, '&quot;')}" alt="">` : undefined;
  });
  for (const name of converted.removedShortcodes) problems.push(`已移除不支援的短代碼 [${name}]`);
  for (const id of converted.galleryIds) if (!context.attachments.has(id)) problems.push(`圖庫中的附件 ${id} 不在匯出檔中`);
  const body = inspectBody(converted.html);
  if (body.unclosed.length) problems.push(`HTML 標籤未正確關閉：${body.unclosed.map((tag) => `<${tag}>`).join('、')}`);
  if (!body.hasText && !body.hasImage) problems.push('內文是空的');
  const thumbnailId = Number(item.meta._thumbnail_id ?? '');
  let coverUrl: string | null = null;
  if (Number.isInteger(thumbnailId) && thumbnailId > 0) {
    const attachment = context.attachments.get(thumbnailId);
    if (attachment) coverUrl = originalImageUrl(attachment) ?? null;
    else problems.push(`封面圖片（附件 ${thumbnailId}）不在匯出檔中`);
  }
  const firstCategory = termsOf(item, 'category').map((term) => context.categorySlugs.get(decodeWordPressSlug(term.nicename))).find(Boolean);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const term of termsOf(item, 'post_tag')) {
    const name = bounded(term.name.replace(/\s+/g, ' '), ARTICLE_LIMITS.tagLength);
    if (name && !seen.has(name.toLowerCase()) && tags.length < ARTICLE_LIMITS.tags) {
      seen.add(name.toLowerCase());
      tags.push(name);
    }
  }
  const excerpt = bounded(plainText(item.excerpt), ARTICLE_LIMITS.excerpt);
  const metaTitle = yoastText(item.meta._yoast_wpseo_title, title, ARTICLE_LIMITS.metaTitle);
  const metaDescription = yoastText(item.meta._yoast_wpseo_metadesc, title, ARTICLE_LIMITS.metaDescription);
  return {
    wpPostId: item.postId,
    link: item.link,
    title,
    slug,
    wpSlug,
    wpStatus,
    date,
    excerpt,
    metaTitle,
    metaDescription,
    categorySlug: firstCategory ?? null,
    tags,
    content: converted.html,
    coverUrl,
    bodyImages: bodyImages(body.imageSources),
    problems,
  };
}

/** What becomes of one item without reading its body; undefined: a post, to be mapped (mapPost). */
export function ruleOn(item: WxrItem): Exclude<ItemDecision, { kind: 'post' }> | undefined {
  if (item.oversized.length) {
    const what = item.postType === 'attachment' ? '附件' : item.postType === 'post' ? '文章' : '項目';
    return { kind: 'skip', reason: '欄位過長（未匯入）', problem: `欄位 ${item.oversized.join('、')} 過長，這個${what}未匯入` };
  }
  if (item.postType === 'attachment') return { kind: 'attachment' };
  if (SKIPPED_TYPES[item.postType]) return { kind: 'skip', reason: SKIPPED_TYPES[item.postType]! };
  if (item.postType !== 'post') return { kind: 'skip', reason: `不支援的內容類型（${bounded(item.postType || '未標示', 40)}）` };
  if (SKIPPED_STATUSES[item.status]) return { kind: 'skip', reason: SKIPPED_STATUSES[item.status]! };
  if (!item.postId) return { kind: 'skip', reason: '缺少文章編號' };
  return undefined;
}

/** What becomes of one item of the export. */
export function decideItem(item: WxrItem, context: MappingContext): ItemDecision {
  return ruleOn(item) ?? { kind: 'post', post: mapPost(item, context) };
}

/** Attachment ids a post may point at: its cover and any number after `ids=` (a superset of its galleries'). */
export function attachmentIdsOf(item: WxrItem): number[] {
  const ids = new Set<number>();
  const cover = Number(item.meta._thumbnail_id ?? '');
  if (Number.isInteger(cover) && cover > 0) ids.add(cover);
  for (const match of item.content.matchAll(/ids\s*=\s*["']?([\d,\s]+)/gi)) {
    for (const id of match[1]!.split(',')) if (/^\s*\d+\s*$/.test(id)) ids.add(Number(id));
  }
  return [...ids];
}

/** A WordPress category as ours: a flat list, the parent named in the description. */
export interface MappedCategory {
  wpSlug: string;
  slug: string;
  name: string;
  description: string;
}

export function mapCategories(categories: WxrCategory[]): MappedCategory[] {
  const byNicename = new Map(categories.map((category) => [category.nicename, category]));
  return categories.map((category) => {
    const wpSlug = decodeWordPressSlug(category.nicename);
    const parent = category.parent ? byNicename.get(category.parent) : undefined;
    const parts = [parent ? `上層分類：${parent.name}` : '', plainText(category.description)].filter(Boolean);
    return {
      wpSlug,
      slug: wpSlug || slugFromTitle(category.name) || 'category',
      name: bounded(category.name, 50) || wpSlug,
      description: bounded(parts.join('。'), 500),
    };
  });
}
