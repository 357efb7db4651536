import type { Knex } from 'knex';
import { ArticlesRepository, type ArticleWrite } from '../articles/articles.repository.js';
import type { DemoCategory } from './demo-categories.js';
import type { DemoLearningPath } from './demo-learning-paths.js';
import type { DemoFlash } from './demo-flash.js';
import { tagIdsFor } from '../tags/tag-rows.js';

export interface SeedArticle {
  write: ArticleWrite;
  tags: string[];
  viewCount: number;
}

/** Writes the demo content; nothing else writes categories and articles in bulk. */
export class SeedRepository {
  constructor(private readonly db: Knex) {}

  /** No article and no category yet. */
  async isEmpty(): Promise<boolean> {
    const articles = await this.db('articles').count<{ count: number }[]>({ count: '*' }).first();
    const categories = await this.db('categories').count<{ count: number }[]>({ count: '*' }).first();
    return !(Number(articles?.count) > 0) && !(Number(categories?.count) > 0);
  }

  /** The categories (in order), then the articles built from the categories' ids, then the learning paths of those articles, in one transaction. */
  async insert(categories: DemoCategory[], articlesFor: (categoryIdBySlug: Map<string, number>) => SeedArticle[], paths: DemoLearningPath[] = [], flash: DemoFlash[] = [], now = new Date()): Promise<void> {
    const articles = new ArticlesRepository(this.db);
    await this.db.transaction(async (trx) => {
      const categoryRows: Array<{ id: number; slug: string }> = await trx('categories')
        .insert(categories.map((category, index) => ({ ...category, is_active: true, sort_order: index + 1 })))
        .returning(['id', 'slug']);
      for (const article of articlesFor(new Map(categoryRows.map((row) => [row.slug, row.id])))) {
        const id = await articles.insert(trx, article.write);
        await articles.replaceTags(trx, id, article.tags);
        await trx('articles').where({ id }).update({ view_count: article.viewCount });
      }
      for (const { articles: slugs, ...path } of paths) {
        const rows: Array<{ id: number; slug: string; title: string }> = await trx('articles').whereIn('slug', slugs).select('id', 'slug', 'title');
        const bySlug = new Map(rows.map((row) => [row.slug, row]));
        const [{ id: pathId }] = await trx('learning_paths').insert(path).returning('id');
        const lessons = slugs.map((slug) => bySlug.get(slug)).filter((row) => row !== undefined);
        await trx('learning_path_lessons').insert(lessons.map((row, index) => ({ path_id: pathId, position: index + 1, article_id: row.id, article_title: row.title })));
      }
      for (const item of flash) {
        const article = item.article ? await trx('articles').where('slug', item.article).first('id') : undefined;
        const [{ id: flashId }] = await trx('flash_items')
          .insert({ text: item.text, important: item.important ?? false, source_url: item.source_url ?? null, article_id: article?.id ?? null, published_at: new Date(now.getTime() - item.minutesAgo * 60_000) })
          .returning('id');
        const tagIds = await tagIdsFor(trx, item.tags);
        if (item.tags.length) await trx('flash_tags').insert(item.tags.map((name, position) => ({ flash_id: flashId, tag_id: tagIds.get(name), position })));
      }
    });
  }
}
