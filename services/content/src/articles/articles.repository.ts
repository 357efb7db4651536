import type { Knex } from 'knex';
import type { TocEntry } from '@coinmag/contracts';
import { tagIdsFor } from '../tags/tag-rows.js';

/** The columns an article write sets, shared by what is read and what is written. */
export interface ArticleColumns {
  title: string;
  slug: string;
  excerpt: string;
  category_id: number | null;
  status: string;
  is_featured: boolean;
  is_popular: boolean;
  is_carousel: boolean;
  carousel_order: number | null;
  meta_title: string;
  meta_description: string;
  featured_image: string | null;
  /** The cover's alt text (absent in a write: left as it is, or empty for a new article). */
  featured_image_alt?: string;
  /** Whether glossary terms are linked in the body (absent in a write: left as it is, on for a new article). */
  glossary_links?: boolean;
  published_at: Date | null;
}

/** A row of the articles table joined with its category and tags. */
export interface ArticleRow extends ArticleColumns {
  id: number;
  content?: string;
  content_text: string;
  category_name: string | null;
  category_slug: string | null;
  view_count: number;
  toc?: TocEntry[];
  tags: string[] | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** What is stored: the columns plus the prepared body, its TOC and its search data. */
export interface ArticleWrite extends ArticleColumns {
  content: string;
  content_text: string;
  toc: TocEntry[];
  search_text: string;
  search_grams: string[];
  title_text: string;
  title_grams: string[];
}

export type PublicOrder = 'latest' | 'popular' | 'carousel' | 'featured';

export interface SearchQuery {
  /** Normalised words, all of which must appear. */
  words: string[];
  /** The grams of every word. */
  grams: string[];
  /** The grams of the first word, which makes a title hit. */
  titleGrams: string[];
}

export interface PublicListFilter {
  categoryId?: number;
  /** Articles carrying the tag in any spelling (rules tagKey). */
  tagKey?: string;
  popularOnly?: boolean;
  ids?: number[];
  excludeIds?: number[];
  featuredOnly?: boolean;
  carouselOnly?: boolean;
}

/** Body text in lists is cut here: cards need a preview, not the whole article. */
const LIST_TEXT_LENGTH = 300;

export class ArticlesRepository {
  constructor(private readonly db: Knex) {}

  private tagsSubquery() {
    return this.db.raw(
      `coalesce((select array_agg(t.name order by at.position, t.name) from article_tags at join tags t on t.id = at.tag_id where at.article_id = a.id), '{}') as tags`,
    );
  }

  private selectSummary(query: Knex.QueryBuilder, withContent: boolean) {
    const columns = [
      'a.id', 'a.title', 'a.slug', 'a.excerpt', 'a.category_id', 'c.name as category_name', 'c.slug as category_slug', 'a.status',
      'a.is_featured', 'a.is_popular', 'a.is_carousel', 'a.carousel_order', 'a.meta_title', 'a.meta_description', 'a.featured_image', 'a.featured_image_alt', 'a.glossary_links',
      'a.view_count', 'a.published_at', 'a.created_at', 'a.updated_at', 'a.version',
    ];
    query.select(columns).select(this.tagsSubquery());
    if (withContent) query.select('a.content', 'a.content_text', 'a.toc');
    else query.select(this.db.raw('left(a.content_text, ?) as content_text', [LIST_TEXT_LENGTH]));
    return query;
  }

  /** The visibility rule: published and its time has come. */
  private publicOnly(query: Knex.QueryBuilder, now: Date) {
    return query.where('a.status', 'published').where('a.published_at', '<=', now);
  }

  private applyFilter(query: Knex.QueryBuilder, filter: PublicListFilter) {
    if (filter.categoryId !== undefined) query.where('a.category_id', filter.categoryId);
    if (filter.tagKey !== undefined) {
      const key = filter.tagKey;
      query.whereExists((tagged) => tagged.select(this.db.raw('1')).from('article_tags as at').join('tags as t', 't.id', 'at.tag_id').whereRaw('at.article_id = a.id').where('t.key', key));
    }
    if (filter.featuredOnly) query.where('a.is_featured', true);
    if (filter.popularOnly) query.where('a.is_popular', true);
    if (filter.ids) query.whereIn('a.id', filter.ids);
    if (filter.excludeIds?.length) query.whereNotIn('a.id', filter.excludeIds);
    if (filter.carouselOnly) query.where('a.is_carousel', true);
    return query;
  }

  private orderBy(query: Knex.QueryBuilder, order: PublicOrder) {
    if (order === 'popular') query.orderBy([{ column: 'a.is_popular', order: 'desc' }, { column: 'a.view_count', order: 'desc' }]);
    if (order === 'carousel') query.orderByRaw('a.carousel_order asc nulls last');
    return query.orderBy([{ column: 'a.published_at', order: 'desc' }, { column: 'a.id', order: 'desc' }]);
  }

  async listPublic(now: Date, filter: PublicListFilter, order: PublicOrder, limit: number, offset = 0): Promise<ArticleRow[]> {
    const query = this.db('articles as a').leftJoin('categories as c', 'c.id', 'a.category_id');
    this.selectSummary(query, false);
    this.publicOnly(query, now);
    this.applyFilter(query, filter);
    this.orderBy(query, order);
    return query.limit(limit).offset(offset);
  }

  /**
   * One page of a search, title hits first (newest first), then body hits (newest first), and
   * its total counted up to `countCap` (a very common term's total is only "more than that").
   * Title hits come from the title's own grams and text (short, in the row); body hits from the
   * body's gram index. A word of one or two characters is found exactly by its gram, so the
   * body text is read only for longer words. For a very common term the body hits are read
   * along the publication-order index and the scan stops at the page.
   *
   * A body's grams and text are stored out of line (TOAST): testing them costs a fetch per row,
   * which the planner does not see. Given the visibility rule beside the gram test, it may pick
   * an index that serves only the rule (every public row, 10,000 at the bench's scale) and test
   * each row's grams: 300–500 ms for a term in a fifth of the bodies. So the gram test is asked
   * in a subquery fenced by `offset 0`, where the gram index is the only index that applies, and
   * the rule is checked on what it returns.
   */
  async searchPublic(
    now: Date,
    term: SearchQuery,
    categoryId: number | undefined,
    limit: number,
    offset: number,
    countCap: number,
  ): Promise<{ rows: ArticleRow[]; total: number; capped: boolean }> {
    const firstWord = term.words[0]!;
    const publicSql = `a.status = 'published' and a.published_at <= ?${categoryId === undefined ? '' : ' and a.category_id = ?'}`;
    const visibleSql = `m.status = 'published' and m.published_at <= ?${categoryId === undefined ? '' : ' and m.category_id = ?'}`;
    const pub = categoryId === undefined ? [now] : [now, categoryId];
    /** The rows that pass `where` (gram and text tests only), found by the gram indexes, then the visibility rule. */
    const fenced = (where: string) => `(select a.id, a.status, a.published_at, a.category_id from articles a where ${where} offset 0) m where ${visibleSql}`;
    const found = await this.db.transaction(async (trx) => {
      // A table scan would test every row's grams: the gram indexes always, unless told otherwise.
      await trx.raw('set local enable_seqscan = off');
      const matched = Number(
        (await trx.raw(`select count(*)::int as n from (select 1 from ${fenced(this.matchSql(term))} limit ?) s`, [...this.matchBindings(term), ...pub, countCap + 1])).rows[0].n,
      );
      if (matched === 0) return { ids: [], matched };

      const titleHit = `a.title_grams @> ?::text[] and strpos(a.title_text, ?) > 0`;
      // A single word found in the title is in the body text too: the title alone decides.
      const titleOnly = term.words.length === 1;
      // Titles are short and in the row: for a single word the planner's own choice (walk the
      // publication order and stop at the page when titles hit often, the title-gram index when
      // they hit rarely) is sound; with more words the body's grams are tested too, so fenced.
      const titleFrom = titleOnly ? `articles a where ${publicSql} and ${titleHit}` : fenced(`${titleHit} and ${this.matchSql(term)}`);
      const titleArgs = titleOnly ? [...pub, term.titleGrams, firstWord] : [term.titleGrams, firstWord, ...this.matchBindings(term), ...pub];
      const order = titleOnly ? 'a.published_at desc, a.id desc' : 'm.published_at desc, m.id desc';
      const ids: number[] = (
        await trx.raw(`select ${titleOnly ? 'a' : 'm'}.id from ${titleFrom} order by ${order} limit ? offset ?`, [...titleArgs, limit, offset])
      ).rows.map((row: { id: number }) => row.id);
      if (ids.length === limit) return { ids, matched };

      const titleHits = ids.length > 0 ? offset + ids.length : Number((await trx.raw(`select count(*)::int as n from ${titleFrom}`, titleArgs)).rows[0].n);
      const bodyOffset = Math.max(0, offset - titleHits);
      const notTitle = 'not (strpos(a.title_text, ?) > 0)';
      // Common (more hits than the cap, so at least one public article in ten at the bench's
      // scale): walk the publication order and stop at the page, testing a few rows' grams,
      // rather than fetch every hit's row to sort them. Otherwise the few hits, sorted.
      const walk = matched > countCap;
      const body = walk
        ? (await trx.raw('set local enable_bitmapscan = off'),
          await trx.raw(`select a.id from articles a where ${publicSql} and ${notTitle} and ${this.matchSql(term)} order by a.published_at desc, a.id desc limit ? offset ?`, [
            ...pub, firstWord, ...this.matchBindings(term), limit - ids.length, bodyOffset,
          ]))
        : await trx.raw(`select m.id from ${fenced(`${notTitle} and ${this.matchSql(term)}`)} order by m.published_at desc, m.id desc limit ? offset ?`, [
            firstWord, ...this.matchBindings(term), ...pub, limit - ids.length, bodyOffset,
          ]);
      ids.push(...body.rows.map((row: { id: number }) => row.id));
      return { ids, matched };
    });
    const total = Math.min(found.matched, countCap);
    const capped = found.matched > countCap;
    const { ids } = found;
    if (ids.length === 0) return { rows: [], total, capped };
    const rows = await this.listPublic(now, { ids }, 'latest', ids.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { rows: ids.map((id) => byId.get(id)).filter((row): row is ArticleRow => Boolean(row)), total, capped };
  }

  /** Every word is in the text: its grams are in the index; words longer than two characters are confirmed in the text. */
  private matchSql(term: SearchQuery) {
    return ['a.search_grams @> ?::text[]', ...term.words.filter((word) => Array.from(word).length > 2).map(() => 'strpos(a.search_text, ?) > 0')].join(' and ');
  }

  private matchBindings(term: SearchQuery) {
    return [term.grams, ...term.words.filter((word) => Array.from(word).length > 2)];
  }

  async countPublic(now: Date, filter: PublicListFilter): Promise<number> {
    const query = this.db('articles as a');
    this.publicOnly(query, now);
    this.applyFilter(query, filter);
    const row = await query.count<{ count: number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  async findPublicBySlug(slug: string, now: Date): Promise<ArticleRow | undefined> {
    const query = this.db('articles as a').leftJoin('categories as c', 'c.id', 'a.category_id').where('a.slug', slug);
    this.selectSummary(query, true);
    this.publicOnly(query, now);
    return query.first();
  }

  /** What an article's social card shows (title, category name), without its body; undefined unless public. */
  async findPublicCardText(slug: string, now: Date): Promise<{ title: string; category_name: string | null } | undefined> {
    const query = this.db('articles as a').leftJoin('categories as c', 'c.id', 'a.category_id').where('a.slug', slug).select('a.title', 'c.name as category_name');
    this.publicOnly(query, now);
    return query.first();
  }

  /** Up to `limit` public articles other than `excludeId`: same category first, then the newest. */
  async related(articleId: number, categoryId: number | null, now: Date, limit: number): Promise<ArticleRow[]> {
    const query = this.db('articles as a').leftJoin('categories as c', 'c.id', 'a.category_id').whereNot('a.id', articleId);
    this.selectSummary(query, false);
    this.publicOnly(query, now);
    query.orderByRaw('(a.category_id is not distinct from ?) desc', [categoryId]);
    return query.orderBy('a.published_at', 'desc').limit(limit);
  }

  async incrementViews(slug: string, now: Date, by = 1): Promise<number | undefined> {
    const rows = await this.db('articles')
      .where({ slug, status: 'published' })
      .where('published_at', '<=', now)
      .increment('view_count', by)
      .returning('view_count');
    return rows[0]?.view_count as number | undefined;
  }

  // ---- admin side ----

  async listAll(limit: number, offset: number): Promise<ArticleRow[]> {
    const query = this.db('articles as a').leftJoin('categories as c', 'c.id', 'a.category_id');
    this.selectSummary(query, false);
    return query.orderBy([{ column: 'a.updated_at', order: 'desc' }, { column: 'a.id', order: 'desc' }]).limit(limit).offset(offset);
  }

  async countAll(): Promise<number> {
    const row = await this.db('articles').count<{ count: number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  async findById(id: number): Promise<ArticleRow | undefined> {
    const query = this.db('articles as a').leftJoin('categories as c', 'c.id', 'a.category_id').where('a.id', id);
    this.selectSummary(query, true);
    return query.first();
  }

  async slugExists(slug: string, exceptId?: number): Promise<boolean> {
    const query = this.db('articles').where({ slug });
    if (exceptId !== undefined) query.whereNot({ id: exceptId });
    return Boolean(await query.first('id'));
  }

  async insert(trx: Knex.Transaction, data: ArticleWrite): Promise<number> {
    const [row] = await trx('articles').insert({ ...data, toc: JSON.stringify(data.toc) }).returning('id');
    return row.id as number;
  }

  /** Writes over the row only while it is still at `expectedVersion`; returns the new version, or undefined. */
  async update(trx: Knex.Transaction, id: number, expectedVersion: number, data: ArticleWrite): Promise<number | undefined> {
    const [row] = await trx('articles')
      .where({ id, version: expectedVersion })
      .update({ ...data, toc: JSON.stringify(data.toc), updated_at: trx.fn.now(), version: trx.raw('version + 1') })
      .returning('version');
    return row?.version as number | undefined;
  }

  async replaceTags(trx: Knex.Transaction, articleId: number, tags: string[]): Promise<void> {
    await trx('article_tags').where({ article_id: articleId }).delete();
    if (tags.length === 0) return;
    const idByName = await tagIdsFor(trx, tags);
    await trx('article_tags').insert(tags.map((name, position) => ({ article_id: articleId, tag_id: idByName.get(name), position })));
  }

  async delete(id: number, trx: Knex | Knex.Transaction = this.db): Promise<ArticleRow | undefined> {
    const existing = await this.findById(id);
    if (!existing) return undefined;
    const removed = await trx('articles').where({ id }).delete();
    return removed > 0 ? existing : undefined;
  }
}
