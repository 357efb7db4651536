import type { Knex } from 'knex';

export interface GlossaryTermRow {
  id: number;
  slug: string;
  name: string;
  definition: string;
  explanation: string;
  status: string;
  updated_at: Date;
  /** Aliases in their order (the name excluded). */
  aliases: string[];
}

export interface GlossaryTermWrite {
  slug: string;
  name: string;
  definition: string;
  explanation: string;
  status: string;
  aliases: string[];
  related_ids: number[];
}

export interface SpellingOwner {
  key: string;
  term_id: number;
  term_name: string;
  is_name: boolean;
}

export interface TermArticleRow {
  slug: string;
  title: string;
  excerpt: string;
  content_text: string;
  published_at: Date | null;
  category_name: string | null;
}

/** Knex queries of the glossary; the rules are in GlossaryService. */
export class GlossaryRepository {
  constructor(private readonly db: Knex) {}

  transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private terms(db: Knex | Knex.Transaction = this.db) {
    return db('glossary_terms as g').select(
      'g.id', 'g.slug', 'g.name', 'g.definition', 'g.explanation', 'g.status', 'g.updated_at',
      db.raw(`coalesce((select array_agg(s.spelling order by s.position) from glossary_spellings s where s.term_id = g.id and not s.is_name), '{}') as aliases`),
    );
  }

  list(options: { publishedOnly?: boolean; search?: string } = {}): Promise<GlossaryTermRow[]> {
    const query = this.terms().orderBy('g.name');
    if (options.publishedOnly) query.where('g.status', 'published');
    if (options.search) {
      const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.where((q) => q.whereILike('g.name', like).orWhereILike('g.definition', like).orWhereExists((s) => s.select(this.db.raw('1')).from('glossary_spellings as s').whereRaw('s.term_id = g.id').whereILike('s.spelling', like)));
    }
    return query;
  }

  async findById(id: number, db: Knex | Knex.Transaction = this.db): Promise<GlossaryTermRow | undefined> {
    return this.terms(db).where('g.id', id).first();
  }

  async findBySlug(slug: string): Promise<GlossaryTermRow | undefined> {
    return this.terms().where('g.slug', slug).first();
  }

  /** Related terms of `termId`, in their order; `publishedOnly` for the public page. */
  related(termId: number, publishedOnly: boolean): Promise<GlossaryTermRow[]> {
    const query = this.terms().join('glossary_related as r', 'r.related_id', 'g.id').where('r.term_id', termId).orderBy('r.position');
    if (publishedOnly) query.where('g.status', 'published');
    return query;
  }

  /** The related terms of each of `termIds`, in their order: one query for a whole list. */
  async relatedOf(termIds: number[]): Promise<Map<number, Array<{ id: number; name: string }>>> {
    const byTerm = new Map<number, Array<{ id: number; name: string }>>();
    if (termIds.length === 0) return byTerm;
    const rows: Array<{ term_id: number; id: number; name: string }> = await this.db('glossary_related as r')
      .join('glossary_terms as g', 'g.id', 'r.related_id')
      .whereIn('r.term_id', termIds)
      .orderBy([{ column: 'r.term_id' }, { column: 'r.position' }])
      .select('r.term_id', 'g.id', 'g.name');
    for (const row of rows) byTerm.set(row.term_id, [...(byTerm.get(row.term_id) ?? []), { id: row.id, name: row.name }]);
    return byTerm;
  }

  /** Which terms own these spelling keys (another term's, for the conflict message). */
  owners(keys: string[], db: Knex | Knex.Transaction = this.db): Promise<SpellingOwner[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return db('glossary_spellings as s').join('glossary_terms as g', 'g.id', 's.term_id').whereIn('s.key', keys).select('s.key', 's.term_id', 'g.name as term_name', 's.is_name');
  }

  slugTaken(slug: string, exceptId: number | undefined, db: Knex | Knex.Transaction = this.db): Promise<boolean> {
    const query = db('glossary_terms').where({ slug });
    if (exceptId !== undefined) query.whereNot({ id: exceptId });
    return query.first('id').then(Boolean);
  }

  existingIds(ids: number[], db: Knex | Knex.Transaction = this.db): Promise<number[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db('glossary_terms').whereIn('id', ids).pluck('id');
  }

  async insert(trx: Knex.Transaction, term: GlossaryTermWrite, keyOf: (spelling: string) => string): Promise<number> {
    const { aliases, related_ids: related, ...columns } = term;
    const [row] = await trx('glossary_terms').insert(columns).returning('id');
    await this.writeChildren(trx, row.id as number, term.name, aliases, related, keyOf);
    return row.id as number;
  }

  async update(trx: Knex.Transaction, id: number, term: GlossaryTermWrite, keyOf: (spelling: string) => string): Promise<boolean> {
    const { aliases, related_ids: related, ...columns } = term;
    const changed = await trx('glossary_terms').where({ id }).update({ ...columns, updated_at: trx.fn.now() });
    if (changed === 0) return false;
    await trx('glossary_spellings').where({ term_id: id }).delete();
    await trx('glossary_related').where({ term_id: id }).delete();
    await this.writeChildren(trx, id, term.name, aliases, related, keyOf);
    return true;
  }

  private async writeChildren(trx: Knex.Transaction, id: number, name: string, aliases: string[], related: number[], keyOf: (spelling: string) => string) {
    const spellings = [{ spelling: name, is_name: true }, ...aliases.map((spelling) => ({ spelling, is_name: false }))];
    await trx('glossary_spellings').insert(spellings.map((entry, position) => ({ term_id: id, spelling: entry.spelling, key: keyOf(entry.spelling), is_name: entry.is_name, position })));
    const others = related.filter((other) => other !== id);
    if (others.length > 0) await trx('glossary_related').insert(others.map((related_id, position) => ({ term_id: id, related_id, position })));
  }

  async delete(trx: Knex.Transaction, id: number): Promise<boolean> {
    return (await trx('glossary_terms').where({ id }).delete()) > 0;
  }

  /** Every write bumps the revision: each replica's compiled matcher knows it is old. */
  async bumpRevision(trx: Knex.Transaction): Promise<void> {
    await trx('glossary_settings').where({ id: 1 }).increment('revision', 1);
  }

  async settings(): Promise<{ max_links: number; revision: number }> {
    const row = await this.db('glossary_settings').where({ id: 1 }).first('max_links', 'revision');
    return { max_links: Number(row?.max_links ?? 10), revision: Number(row?.revision ?? 0) };
  }

  async setMaxLinks(trx: Knex.Transaction, maxLinks: number): Promise<void> {
    await trx('glossary_settings').where({ id: 1 }).update({ max_links: maxLinks, revision: trx.raw('revision + 1') });
  }

  /** Published terms with every spelling, for the matcher. */
  async linkable(): Promise<Array<{ slug: string; name: string; definition: string; spellings: string[] }>> {
    return this.db('glossary_terms as g')
      .where('g.status', 'published')
      .select('g.slug', 'g.name', 'g.definition', this.db.raw('(select array_agg(s.spelling order by s.position) from glossary_spellings s where s.term_id = g.id) as spellings'));
  }

  /**
   * Public articles whose text (search_text: NFKC, lower-cased, with the title) contains one of
   * `patterns` (POSIX regular expressions), newest first; and how many.
   */
  async articlesMatching(patterns: string[], now: Date, limit: number, offset: number): Promise<{ rows: TermArticleRow[]; total: number }> {
    const base = () =>
      this.db('articles as a')
        .where('a.status', 'published')
        .where('a.published_at', '<=', now)
        .where((q) => {
          for (const pattern of patterns) q.orWhereRaw('a.search_text ~ ?', [pattern]);
        });
    const [rows, count] = await Promise.all([
      base()
        .leftJoin('categories as c', 'c.id', 'a.category_id')
        .select('a.slug', 'a.title', 'a.excerpt', this.db.raw('left(a.content_text, 200) as content_text'), 'a.published_at', 'c.name as category_name')
        .orderBy([{ column: 'a.published_at', order: 'desc' }, { column: 'a.id', order: 'desc' }])
        .limit(limit)
        .offset(offset),
      base().count<{ count: number }[]>({ count: '*' }).first(),
    ]);
    return { rows, total: Number(count?.count ?? 0) };
  }

  /** Whether the article links glossary terms (its switch in the form). */
  async articleLinks(articleId: number): Promise<boolean> {
    const row = await this.db('articles').where({ id: articleId }).first('glossary_links');
    return row ? Boolean(row.glossary_links) : true;
  }
}
