import type { Knex } from 'knex';
import { ArticlesRepository, type ArticleWrite } from '../articles/articles.repository.js';
import type { DemoCategory } from './demo-categories.js';

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

  /** The categories (in order), then the articles built from the categories' ids, in one transaction. */
  async insert(categories: DemoCategory[], articlesFor: (categoryIdBySlug: Map<string, number>) => SeedArticle[]): Promise<void> {
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
    });
  }
}
