import type { Knex } from 'knex';

export interface TagSpelling {
  name: string;
  articles: number;
}

/** Reads of tags as the public pages see them: only what public articles and public 快訊 items carry. */
export class TagsRepository {
  constructor(private readonly db: Knex) {}

  /** The spellings of the tag `key` on public articles, the most carried first (then the oldest row). */
  spellings(key: string, now: Date): Promise<TagSpelling[]> {
    return this.db('tags as t')
      .join('article_tags as at', 'at.tag_id', 't.id')
      .join('articles as a', 'a.id', 'at.article_id')
      .where('t.key', key)
      .where('a.status', 'published')
      .where('a.published_at', '<=', now)
      .groupBy('t.id', 't.name')
      .select('t.name', this.db.raw('count(*)::int as articles'))
      .orderBy([{ column: 'articles', order: 'desc' }, { column: 't.id', order: 'asc' }]);
  }

  /** Public articles carrying the tag `key` in any spelling (an article with two spellings counts once). */
  async articleCount(key: string, now: Date): Promise<number> {
    const row = await this.db('articles as a')
      .where('a.status', 'published')
      .where('a.published_at', '<=', now)
      .whereExists((tagged) => tagged.select(this.db.raw('1')).from('article_tags as at').join('tags as t', 't.id', 'at.tag_id').whereRaw('at.article_id = a.id').where('t.key', key))
      .count<{ count: number }[]>({ count: '*' })
      .first();
    return Number(row?.count ?? 0);
  }

  /** The spellings of the tag `key` on public 快訊 items, the most carried first (then the oldest row). */
  flashSpellings(key: string, now: Date): Promise<TagSpelling[]> {
    return this.db('tags as t')
      .join('flash_tags as ft', 'ft.tag_id', 't.id')
      .join('flash_items as f', 'f.id', 'ft.flash_id')
      .where('t.key', key)
      .where('f.published_at', '<=', now)
      .groupBy('t.id', 't.name')
      .select('t.name', this.db.raw('count(*)::int as articles'))
      .orderBy([{ column: 'articles', order: 'desc' }, { column: 't.id', order: 'asc' }]);
  }

  /** Public 快訊 items carrying the tag `key` in any spelling (counted once each). */
  async flashCount(key: string, now: Date): Promise<number> {
    const row = await this.db('flash_items as f')
      .where('f.published_at', '<=', now)
      .whereExists((tagged) => tagged.select(this.db.raw('1')).from('flash_tags as ft').join('tags as t', 't.id', 'ft.tag_id').whereRaw('ft.flash_id = f.id').where('t.key', key))
      .count<{ count: number }[]>({ count: '*' })
      .first();
    return Number(row?.count ?? 0);
  }
}
