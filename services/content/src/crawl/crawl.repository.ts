import type { Knex } from 'knex';

export interface SlugLastmod {
  slug: string;
  lastmod: Date;
}

/** Reads for crawlers: what a sitemap lists and where an old slug went. */
export class CrawlRepository {
  constructor(private readonly db: Knex) {}

  /** The visibility rule of the public API: published and its time has come. */
  private publicArticles(now: Date) {
    return this.db('articles as a').where('a.status', 'published').where('a.published_at', '<=', now);
  }

  /** Per file of `perFile` articles (in id order): its number and the newest change in it. */
  async articleFiles(now: Date, perFile: number): Promise<Array<{ page: number; lastmod: Date }>> {
    const numbered = this.publicArticles(now).select(
      this.db.raw('(row_number() over (order by a.id) - 1) / ? + 1 as page', [perFile]),
      this.db.raw('greatest(a.updated_at, a.published_at) as lastmod'),
    );
    const rows: Array<{ page: string | number; lastmod: Date }> = await this.db.from(numbered.as('n')).select('page').max('lastmod as lastmod').groupBy('page').orderBy('page');
    return rows.map((row) => ({ page: Number(row.page), lastmod: row.lastmod }));
  }

  articlesPage(now: Date, perFile: number, page: number): Promise<SlugLastmod[]> {
    return this.publicArticles(now)
      .select('a.slug', this.db.raw('greatest(a.updated_at, a.published_at) as lastmod'))
      .orderBy('a.id')
      .limit(perFile)
      .offset((page - 1) * perFile);
  }

  /** Active categories; a category changes when it is edited or an article is published in it. */
  categories(now: Date): Promise<SlugLastmod[]> {
    const newest = this.publicArticles(now).whereRaw('a.category_id = c.id').max('a.published_at');
    return this.db('categories as c')
      .where('c.is_active', true)
      .select('c.slug', this.db.raw('greatest(c.updated_at, (?)) as lastmod', [newest]))
      .orderBy([{ column: 'c.sort_order' }, { column: 'c.id' }]);
  }

  /**
   * Tags public articles or public 快訊 items carry, by key (the tag page), each with the newest
   * change of such an article or item; the most carried first.
   */
  tags(now: Date, limit: number): Promise<SlugLastmod[]> {
    const carried = this.publicArticles(now)
      .join('article_tags as at', 'at.article_id', 'a.id')
      .join('tags as t', 't.id', 'at.tag_id')
      .select('t.key', this.db.raw("'a' || a.id as carrier"), this.db.raw('greatest(a.updated_at, a.published_at) as lastmod'))
      .unionAll((items) =>
        items
          .from('flash_items as f')
          .join('flash_tags as ft', 'ft.flash_id', 'f.id')
          .join('tags as t', 't.id', 'ft.tag_id')
          .where('f.published_at', '<=', now)
          .select('t.key', this.db.raw("'f' || f.id as carrier"), this.db.raw('greatest(f.updated_at, f.published_at) as lastmod')),
      );
    return this.db
      .from(carried.as('c'))
      .groupBy('c.key')
      .select('c.key as slug', this.db.raw('max(c.lastmod) as lastmod'))
      .orderByRaw('count(distinct c.carrier) desc, c.key')
      .limit(limit);
  }

  /** Public 快訊 items, the newest first (their pages, /flash/{id}), at most `limit`. */
  flashItems(now: Date, limit: number): Promise<Array<{ id: number; lastmod: Date }>> {
    return this.db('flash_items')
      .where('published_at', '<=', now)
      .select('id', this.db.raw('greatest(updated_at, published_at) as lastmod'))
      .orderBy([{ column: 'published_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit);
  }

  /** The newest change of a published glossary term; null when none is published. */
  async glossaryLastmod(): Promise<Date | null> {
    const row = await this.db('glossary_terms').where('status', 'published').max<{ lastmod: Date | null }>('updated_at as lastmod').first();
    return row?.lastmod ?? null;
  }

  /** Public articles published since `since`, newest first. */
  newsArticles(now: Date, since: Date, limit: number): Promise<Array<{ slug: string; title: string; published_at: Date }>> {
    return this.publicArticles(now).where('a.published_at', '>=', since).select('a.slug', 'a.title', 'a.published_at').orderBy([{ column: 'a.published_at', order: 'desc' }, { column: 'a.id', order: 'desc' }]).limit(limit);
  }

  /** Flash items published since `since`, newest first (docs/product.md §2 快訊). */
  newsFlash(now: Date, since: Date, limit: number): Promise<Array<{ id: number; text: string; published_at: Date }>> {
    return this.db('flash_items').where('published_at', '<=', now).where('published_at', '>=', since).orderBy([{ column: 'published_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).select('id', 'text', 'published_at');
  }

  /** The current slug of the public article that once had `oldSlug`. */
  async articleSlugFor(oldSlug: string, now: Date): Promise<string | undefined> {
    const row = await this.publicArticles(now).join('article_slug_history as h', 'h.article_id', 'a.id').where('h.old_slug', oldSlug).first('a.slug');
    return row?.slug as string | undefined;
  }

  /** The current slug of the active category that once had `oldSlug`. */
  async categorySlugFor(oldSlug: string): Promise<string | undefined> {
    const row = await this.db('categories as c').join('category_slug_history as h', 'h.category_id', 'c.id').where({ 'h.old_slug': oldSlug, 'c.is_active': true }).first('c.slug');
    return row?.slug as string | undefined;
  }
}
