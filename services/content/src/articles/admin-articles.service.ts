import type { AdminArticle, AdminArticleList } from '@coinmag/contracts';
import { API_MESSAGES } from '@coinmag/contracts';
import { ConflictError, NotFoundError, ValidationError, type UploadedFile } from '@coinmag/service-kit';
import { type AuditEntry } from '@coinmag/audit';
import { normalizeSlug, pageCount, slugFromTitle, SLUG_MAX_LENGTH } from '@coinmag/rules';
import type { CategoriesService } from '../categories/categories.service.js';
import { statusOf as statusOfRow, toAdmin } from './article.mapper.js';
import type { ArticleInput } from './article-input.js';
import type { ArticleBodyPool } from './article-body-pool.js';
import type { ArticleWritesRepository } from './article-writes.repository.js';
import type { ArticleRow, ArticlesRepository, ArticleWrite } from './articles.repository.js';
import type { CoverStore } from './cover-store.js';
import { withPendingViews } from '../views/pending-views.js';
import type { ViewCounter } from '@coinmag/views';
import type { RevisionRow } from '../revisions/revisions.repository.js';

export interface ArticleChange {
  before?: Pick<ArticleRow, 'id' | 'slug' | 'category_id'>;
  /** `sharedWithCard`: public and without a cover, so pages share it with its social card. */
  after?: Pick<ArticleRow, 'id' | 'slug' | 'category_id'> & { sharedWithCard?: boolean };
}

export interface WriteContext {
  token: string;
  requestId: string;
  cover?: UploadedFile;
  /** The client's address, kept with the revision and the audit entry. */
  ip?: string | null;
  /** The version the form was loaded at; absent: no check (API clients that do not send one). */
  version?: number;
  /** The browser's key of a new draft, whose server copy the first save drops. */
  draftKey?: string;
  /** The cover's alt text; absent: kept as it is. */
  coverAlt?: string;
}

/** The admin's article rules: slugs, tags, recommendation, publication time, cover, sanitising. */
export class AdminArticlesService {
  constructor(
    private readonly writes: ArticleWritesRepository,
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesService,
    private readonly covers: CoverStore,
    /** Builds what is stored for a body off the event loop. */
    private readonly bodies: Pick<ArticleBodyPool, 'toArticleWrite'>,
    private readonly onChange: (change: ArticleChange) => Promise<void> = async () => {},
    private readonly clock: () => Date = () => new Date(),
    private readonly views?: ViewCounter,
  ) {}

  private async withViews<T extends { id: number; view_count: number }>(items: T[]): Promise<T[]> {
    if (!this.views) return items;
    const pending = await this.views.pendingFor(items.map((item) => item.id));
    return withPendingViews(items, pending) as T[];
  }

  async list(limit: number, page: number): Promise<AdminArticleList> {
    const [rows, total] = await Promise.all([this.articles.listAll(limit, (page - 1) * limit), this.articles.countAll()]);
    return {
      articles: await this.withViews(rows.map((row) => {
        const { content: _content, ...rest } = toAdmin(row);
        return rest;
      })),
      pagination: { page, limit, pages: pageCount(total, limit), total },
    };
  }

  async get(id: number): Promise<AdminArticle> {
    const row = await this.articles.findById(id);
    if (!row) throw new NotFoundError(API_MESSAGES.articleNotFound);
    const [withViews] = await this.withViews([toAdmin(row)]);
    return withViews!;
  }

  private async resolveSlug(input: ArticleInput, existing?: ArticleRow): Promise<string> {
    if (input.slug !== undefined) {
      const wanted = normalizeSlug(input.slug).slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
      if (wanted) {
        if (await this.articles.slugExists(wanted, existing?.id)) throw new ConflictError(API_MESSAGES.slugTaken, 'slug');
        return wanted;
      }
    } else if (existing) {
      return existing.slug;
    }
    const base = slugFromTitle(input.title) || 'article';
    let candidate = base;
    for (let n = 2; await this.articles.slugExists(candidate, existing?.id); n += 1) candidate = `${base}-${n}`;
    return candidate;
  }

  private publishedAt(input: ArticleInput, existing?: ArticleRow): Date | null {
    if (input.published_at) return input.published_at;
    if (input.status === 'scheduled') throw new ValidationError('published_at', '排程發布需要設定發布時間');
    if (input.status === 'published') return existing?.published_at ?? this.clock();
    return null;
  }

  private async featuredImage(input: ArticleInput, context: WriteContext, existing?: ArticleRow): Promise<string | null> {
    if (context.cover) return this.covers.store(context.cover, context);
    if (input.keep_existing_featured_image && existing) return existing.featured_image;
    return null;
  }

  async create(input: ArticleInput, context: WriteContext): Promise<AdminArticle> {
    return this.save(input, context);
  }

  async update(id: number, input: ArticleInput, context: WriteContext): Promise<AdminArticle> {
    const existing = await this.articles.findById(id);
    if (!existing) throw new NotFoundError(API_MESSAGES.articleNotFound);
    return this.save(input, context, existing);
  }

  /** The version a save must be made over: the client's, else the current one. */
  private expectedVersion(context: WriteContext, existing: ArticleRow): number {
    return context.version ?? existing.version;
  }

  private async save(input: ArticleInput, context: WriteContext, existing?: ArticleRow): Promise<AdminArticle> {
    if (input.category_id !== null) await this.categories.assertExists(input.category_id);
    const slug = await this.resolveSlug(input, existing);
    const publishedAt = this.publishedAt(input, existing);
    const write = await this.bodies.toArticleWrite({
      title: input.title,
      slug,
      content: input.content,
      excerpt: input.excerpt,
      category_id: input.category_id,
      status: input.status,
      is_featured: input.is_featured,
      is_popular: input.is_popular,
      is_carousel: input.is_carousel,
      carousel_order: input.carousel_order,
      meta_title: input.meta_title,
      meta_description: input.meta_description,
      featured_image: null,
      tags: input.tags,
      published_at: publishedAt,
      ...(input.glossary_links === undefined ? {} : { glossary_links: input.glossary_links }),
    });
    if (!write.content_text && !/<img\s/i.test(write.content)) throw new ValidationError('content', '請輸入內容');
    if (existing && this.expectedVersion(context, existing) !== existing.version) return this.refuseStale(existing.id, write, input.tags, context);
    write.featured_image = await this.featuredImage(input, context, existing);
    write.featured_image_alt = write.featured_image ? (context.coverAlt ?? existing?.featured_image_alt ?? '') : '';
    const ip = context.ip ?? null;
    const id = await this.writes.save({
      existing: existing && { id: existing.id, expectedVersion: this.expectedVersion(context, existing) },
      write,
      tags: input.tags,
      revision: { kind: 'save', ip },
      audit: (articleId) => this.saveEntries(articleId, write, ip, existing),
      dropAutosave: existing ? { articleId: existing.id } : context.draftKey ? { draftKey: context.draftKey } : undefined,
      notify: true,
    });
    if (id === undefined) return this.refuseStale(existing!.id, write, input.tags, context);
    const saved = await this.get(id);
    await this.onChange({ before: existing, after: this.changed(saved) });
    return saved;
  }

  private changed(saved: AdminArticle): NonNullable<ArticleChange['after']> {
    const isPublic = saved.status === 'published' && saved.published_at !== null && Date.parse(saved.published_at) <= this.clock().getTime();
    return { id: saved.id, slug: saved.slug, category_id: saved.category_id, sharedWithCard: isPublic && !saved.featured_image };
  }

  /** What a save writes to the audit log: the save, and a first publication. */
  private saveEntries(articleId: number, write: ArticleWrite, ip: string | null, existing?: ArticleRow): AuditEntry[] {
    const entry = (action: AuditEntry['action'], summary: string): AuditEntry => ({ action, actor: 'admin', ip, subjectId: articleId, summary });
    const entries: AuditEntry[] = [];
    entries.push(entry(existing ? 'article.update' : 'article.create', write.title));
    if (write.status === 'published' && existing?.status !== 'published') entries.push(entry('article.publish', write.title));
    return entries;
  }

  /** A save over an older version is refused, and what was sent is kept as a 'conflict' revision. */
  private async refuseStale(articleId: number, write: ArticleWrite, tags: string[], context: WriteContext): Promise<never> {
    await this.writes.keepConflict(articleId, write, tags, context.ip ?? null);
    throw new ConflictError(API_MESSAGES.articleConflict, 'version');
  }

  /** Puts a revision's text back as a new save (a new revision; the past is never rewritten). */
  async restore(id: number, revisionId: number, context: Pick<WriteContext, 'ip' | 'version'>, revision: RevisionRow): Promise<AdminArticle> {
    const existing = await this.articles.findById(id);
    if (!existing) throw new NotFoundError(API_MESSAGES.articleNotFound);
    const tags = revision.tags;
    const write = await this.bodies.toArticleWrite({
      title: revision.title,
      slug: existing.slug,
      content: revision.content,
      excerpt: revision.excerpt,
      category_id: revision.category_id !== null && (await this.categories.exists(revision.category_id)) ? revision.category_id : null,
      status: statusOfRow(revision.status),
      is_featured: existing.is_featured,
      is_popular: existing.is_popular,
      is_carousel: existing.is_carousel,
      carousel_order: existing.carousel_order,
      meta_title: revision.meta_title,
      meta_description: revision.meta_description,
      featured_image: existing.featured_image,
      tags,
      published_at: revision.published_at,
    });
    const ip = context.ip ?? null;
    const expected = context.version ?? existing.version;
    if (expected !== existing.version) throw new ConflictError(API_MESSAGES.articleConflict, 'version');
    const restored = await this.writes.save({
      existing: { id, expectedVersion: expected },
      write,
      tags,
      revision: { kind: 'restore', restoredFrom: revisionId, ip },
      audit: () => [{ action: 'article.restore', actor: 'admin', ip, subjectId: id, summary: write.title }],
      dropAutosave: { articleId: id },
      notify: true,
    });
    if (restored === undefined) throw new ConflictError(API_MESSAGES.articleConflict, 'version');
    const saved = await this.get(id);
    await this.onChange({ before: existing, after: this.changed(saved) });
    return saved;
  }

  async delete(id: number, ip: string | null = null): Promise<void> {
    const removed = await this.writes.delete(id, (row) => ({ action: 'article.delete', actor: 'admin', ip, subjectId: id, summary: row.title }));
    if (!removed) throw new NotFoundError(API_MESSAGES.articleNotFound);
    await this.onChange({ before: removed });
  }
}
