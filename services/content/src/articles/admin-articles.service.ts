import type { AdminArticle, AdminArticleList } from '@coinmag/contracts';
import { API_MESSAGES } from '@coinmag/contracts';
import { ConflictError, NotFoundError, ValidationError, type UploadedFile } from '@coinmag/service-kit';
import { normalizeSlug, pageCount, slugFromTitle, SLUG_MAX_LENGTH } from '@coinmag/rules';
import type { Knex } from 'knex';
import type { CategoriesService } from '../categories/categories.service.js';
import { toAdmin } from './article.mapper.js';
import type { ArticleInput } from './article-input.js';
import { toArticleWrite } from './article-write.js';
import type { ArticleRow, ArticlesRepository } from './articles.repository.js';
import type { CoverStore } from './cover-store.js';
import { withPendingViews } from '../cache/cached-response.js';
import type { ViewCounter } from '../cache/view-counter.js';

export interface ArticleChange {
  before?: Pick<ArticleRow, 'id' | 'slug' | 'category_id'>;
  after?: Pick<ArticleRow, 'id' | 'slug' | 'category_id'>;
}

export interface WriteContext {
  token: string;
  requestId: string;
  cover?: UploadedFile;
}

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
    write.featured_image = await this.featuredImage(input, context, existing);
    const id = await this.db.transaction(async (trx) => {
      let articleId: number;
      if (existing) {
        await this.articles.update(trx, existing.id, write);
        articleId = existing.id;
      } else {
        articleId = await this.articles.insert(trx, write);
      }
      await this.articles.replaceTags(trx, articleId, input.tags);
      return articleId;
    }).catch((err: { code?: string; constraint?: string }) => {
      if (err.code === '23505' && err.constraint?.includes('slug')) throw new ConflictError(API_MESSAGES.slugTaken, 'slug');
      throw err;
    });
    const saved = await this.get(id);
    await this.onChange({ before: existing, after: { id, slug: saved.slug, category_id: saved.category_id } });
    return saved;
  }

  async delete(id: number): Promise<void> {
    const removed = await this.articles.delete(id);
    if (!removed) throw new NotFoundError(API_MESSAGES.articleNotFound);
    await this.onChange({ before: removed });
  }
}
