import type { AdminArticle, AdminArticleList } from '@coinmag/contracts';
import { API_MESSAGES } from '@coinmag/contracts';
import { ConflictError, NotFoundError, ValidationError, type UploadedFile } from '@coinmag/service-kit';
import { normalizeSlug, pageCount, slugFromTitle, SLUG_MAX_LENGTH } from '@coinmag/rules';
import type { Knex } from 'knex';
import type { CategoriesService } from '../categories/categories.service.js';
import { statusOf as statusOfRow, toAdmin } from './article.mapper.js';
import type { ArticleInput } from './article-input.js';
import { toArticleWrite } from './article-write.js';
import type { ArticleRow, ArticlesRepository, ArticleWrite } from './articles.repository.js';
import type { CoverStore } from './cover-store.js';
import { withPendingViews } from '../views/pending-views.js';
import type { ViewCounter } from '../views/view-counter.js';
import type { ArticleHistory } from '../revisions/article-history.js';
import type { AutosavesRepository } from '../revisions/autosaves.repository.js';
import type { RevisionRow } from '../revisions/revisions.repository.js';

export interface ArticleChange {
  before?: Pick<ArticleRow, 'id' | 'slug' | 'category_id'>;
  after?: Pick<ArticleRow, 'id' | 'slug' | 'category_id'>;
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

/** A save made over a version that is no longer current. */
class StaleVersion extends Error {}

/** The admin's article rules: slugs, tags, recommendation, publication time, cover, sanitising. */
export class AdminArticlesService {
  constructor(
    private readonly db: Knex,
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesService,
    private readonly covers: CoverStore,
    private readonly onChange: (change: ArticleChange) => Promise<void> = async () => {},
    private readonly clock: () => Date = () => new Date(),
    private readonly views?: ViewCounter,
    private readonly history?: ArticleHistory,
    private readonly autosaves?: AutosavesRepository,
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
    const write = toArticleWrite({
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
    });
    if (!write.content_text && !/<img\s/i.test(write.content)) throw new ValidationError('content', '請輸入內容');
    if (existing && this.expectedVersion(context, existing) !== existing.version) return this.refuseStale(existing.id, write, input.tags, context);
    write.featured_image = await this.featuredImage(input, context, existing);
    write.featured_image_alt = write.featured_image ? (context.coverAlt ?? existing?.featured_image_alt ?? '') : '';
    const ip = context.ip ?? null;
    let id: number;
    try {
      id = await this.db.transaction(async (trx) => {
        let articleId: number;
        let version: number;
        if (existing) {
          const updated = await this.articles.update(trx, existing.id, this.expectedVersion(context, existing), write);
          if (updated === undefined) throw new StaleVersion();
          articleId = existing.id;
          version = updated;
        } else {
          articleId = await this.articles.insert(trx, write);
          version = 1;
        }
        await this.articles.replaceTags(trx, articleId, input.tags);
        if (this.history) {
          await this.history.keepRevision(trx, { articleId, version, kind: 'save', write, tags: input.tags, ip });
          await this.history.audit.record({ action: existing ? 'article.update' : 'article.create', actor: 'admin', ip, subjectId: articleId, summary: write.title }, trx);
          if (write.status === 'published' && existing?.status !== 'published') {
            await this.history.audit.record({ action: 'article.publish', actor: 'admin', ip, subjectId: articleId, summary: write.title }, trx);
          }
        }
        if (existing) await this.autosaves?.remove({ articleId }, trx);
        else if (context.draftKey) await this.autosaves?.remove({ draftKey: context.draftKey }, trx);
        return articleId;
      });
    } catch (err) {
      const failure = err as { code?: string; constraint?: string };
      if (failure.code === '23505' && failure.constraint?.includes('slug')) throw new ConflictError(API_MESSAGES.slugTaken, 'slug');
      if (err instanceof StaleVersion && existing) return this.refuseStale(existing.id, write, input.tags, context);
      throw err;
    }
    const saved = await this.get(id);
    await this.onChange({ before: existing, after: { id, slug: saved.slug, category_id: saved.category_id } });
    return saved;
  }

  /** A save over an older version is refused, and what was sent is kept as a 'conflict' revision. */
  private async refuseStale(articleId: number, write: ArticleWrite, tags: string[], context: WriteContext): Promise<never> {
    if (this.history) {
      await this.db.transaction((trx) => this.history!.keepRevision(trx, { articleId, version: null, kind: 'conflict', write, tags, ip: context.ip ?? null }));
    }
    throw new ConflictError(API_MESSAGES.articleConflict, 'version');
  }

  /** Puts a revision's text back as a new save (a new revision; the past is never rewritten). */
  async restore(id: number, revisionId: number, context: Pick<WriteContext, 'ip' | 'version'>, revision: RevisionRow): Promise<AdminArticle> {
    const existing = await this.articles.findById(id);
    if (!existing) throw new NotFoundError(API_MESSAGES.articleNotFound);
    const tags = revision.tags;
    const write = toArticleWrite({
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
    await this.db.transaction(async (trx) => {
      const version = await this.articles.update(trx, id, expected, write);
      if (version === undefined) throw new ConflictError(API_MESSAGES.articleConflict, 'version');
      await this.articles.replaceTags(trx, id, tags);
      await this.history?.keepRevision(trx, { articleId: id, version, kind: 'restore', restoredFrom: revisionId, write, tags, ip });
      await this.history?.audit.record({ action: 'article.restore', actor: 'admin', ip, subjectId: id, summary: write.title }, trx);
      await this.autosaves?.remove({ articleId: id }, trx);
    });
    const saved = await this.get(id);
    await this.onChange({ before: existing, after: { id, slug: saved.slug, category_id: saved.category_id } });
    return saved;
  }

  async delete(id: number, ip: string | null = null): Promise<void> {
    const removed = await this.db.transaction(async (trx) => {
      const row = await this.articles.delete(id, trx);
      if (row) await this.history?.audit.record({ action: 'article.delete', actor: 'admin', ip, subjectId: id, summary: row.title }, trx);
      return row;
    });
    if (!removed) throw new NotFoundError(API_MESSAGES.articleNotFound);
    await this.onChange({ before: removed });
  }
}
