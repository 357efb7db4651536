import type { Knex } from 'knex';
import type { LearningPathLevel } from '@coinmag/contracts';
import { READING_PATTERNS } from '@coinmag/rules';
import { ConflictError } from '@coinmag/service-kit';
import { type AuditEntry, type AuditRepository } from '@coinmag/audit';

export interface PathRow {
  id: number;
  slug: string;
  title: string;
  level: LearningPathLevel;
  description: string;
  cover: string | null;
  cover_alt: string;
  version: number;
  updated_at: Date;
}

export type PathWrite = Pick<PathRow, 'slug' | 'title' | 'level' | 'description' | 'cover' | 'cover_alt'>;

/** A lesson whose article is public, with what its reading time is estimated from. */
export interface PublicLessonRow {
  path_id: number;
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content_start: string;
  characters: number;
  words: number;
}

/** A lesson as saved, with its article's state now (null fields: the article was deleted). */
export interface AdminLessonRow {
  path_id: number;
  article_id: number | null;
  article_title: string;
  slug: string | null;
  status: string | null;
  is_public: boolean;
}

const COLUMNS = ['id', 'slug', 'title', 'level', 'description', 'cover', 'cover_alt', 'version', 'updated_at'];

/** Counted in the database with the patterns the browser uses (rules reading-time.ts): a long text never leaves it. */
const COUNTS_SQL = `length(regexp_replace(a.content_text, ?, '', 'g')) as other_characters,
  length(a.content_text) as all_characters,
  (select count(*) from regexp_matches(regexp_replace(a.content_text, ?, ' ', 'g'), ?, 'g'))::int as words`;
const COUNTS_BINDINGS = [READING_PATTERNS.character, READING_PATTERNS.character, READING_PATTERNS.word];

export class LearningPathsRepository {
  constructor(
    private readonly db: Knex,
    private readonly audit?: AuditRepository,
  ) {}

  listAll(): Promise<PathRow[]> {
    return this.db('learning_paths').orderBy('id').select(COLUMNS);
  }

  count(): Promise<number> {
    return this.db('learning_paths').count<{ count: string }[]>({ count: '*' }).first().then((row) => Number(row?.count ?? 0));
  }

  findById(id: number): Promise<PathRow | undefined> {
    return this.db('learning_paths').where({ id }).first(COLUMNS);
  }

  findBySlug(slug: string): Promise<PathRow | undefined> {
    return this.db('learning_paths').where({ slug }).first(COLUMNS);
  }

  async slugExists(slug: string, exceptId?: number): Promise<boolean> {
    const query = this.db('learning_paths').where({ slug });
    if (exceptId !== undefined) query.whereNot({ id: exceptId });
    return Boolean(await query.first('id'));
  }

  /** The public lessons of the given paths, in order: only articles published and due (the visibility rule). */
  async publicLessons(pathIds: number[], now: Date): Promise<PublicLessonRow[]> {
    if (pathIds.length === 0) return [];
    const rows = await this.db('learning_path_lessons as l')
      .join('articles as a', 'a.id', 'l.article_id')
      .whereIn('l.path_id', pathIds)
      .where('a.status', 'published')
      .where('a.published_at', '<=', now)
      .orderBy([{ column: 'l.path_id' }, { column: 'l.position' }])
      .select('l.path_id', 'a.id', 'a.slug', 'a.title', 'a.excerpt', this.db.raw('left(a.content_text, 120) as content_start'), this.db.raw(COUNTS_SQL, COUNTS_BINDINGS));
    return rows.map((row: PublicLessonRow & { other_characters: number; all_characters: number }) => ({
      path_id: row.path_id, id: row.id, slug: row.slug, title: row.title, excerpt: row.excerpt, content_start: row.content_start,
      characters: Number(row.all_characters) - Number(row.other_characters), words: Number(row.words),
    }));
  }

  /** Ids of the paths that hold `articleId`. */
  async pathsHolding(articleId: number): Promise<number[]> {
    const rows: Array<{ path_id: number }> = await this.db('learning_path_lessons').where({ article_id: articleId }).select('path_id').orderBy('path_id');
    return rows.map((row) => row.path_id);
  }

  /** Ids of the articles the path holds now (deleted ones left out). */
  async articleIds(pathId: number, trx: Knex = this.db): Promise<number[]> {
    const rows: Array<{ article_id: number }> = await trx('learning_path_lessons').where({ path_id: pathId }).whereNotNull('article_id').select('article_id');
    return rows.map((row) => row.article_id);
  }

  async adminLessons(pathIds: number[], now: Date): Promise<AdminLessonRow[]> {
    if (pathIds.length === 0) return [];
    return this.db('learning_path_lessons as l')
      .leftJoin('articles as a', 'a.id', 'l.article_id')
      .whereIn('l.path_id', pathIds)
      .orderBy([{ column: 'l.path_id' }, { column: 'l.position' }])
      .select(
        'l.path_id', 'l.article_id', 'l.article_title', 'a.slug', 'a.status',
        this.db.raw(`coalesce(a.status = 'published' and a.published_at <= ?, false) as is_public`, [now]),
      );
  }

  /** The titles of these articles; the ids missing from the answer do not exist. */
  async articleTitles(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; title: string }> = await this.db('articles').whereIn('id', ids).select('id', 'title');
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  insert(data: PathWrite, articles: Array<{ id: number; title: string }>, audit: (row: PathRow) => AuditEntry): Promise<PathRow> {
    return this.write(async (trx) => {
      const [row] = await trx('learning_paths').insert(data).returning(COLUMNS);
      await this.replaceLessons(trx, (row as PathRow).id, articles);
      return row as PathRow;
    }, audit);
  }

  /**
   * Writes only while the path is still at `expectedVersion`; undefined when it is not (or is gone).
   * `before`: the article ids it held, read in the same transaction (for the caches to drop).
   */
  update(id: number, expectedVersion: number, data: PathWrite, articles: Array<{ id: number; title: string }>, audit: (row: PathRow) => AuditEntry): Promise<{ row: PathRow; before: number[] } | undefined> {
    return this.write(async (trx) => {
      const before = await this.articleIds(id, trx);
      const [row] = await trx('learning_paths')
        .where({ id, version: expectedVersion })
        .update({ ...data, updated_at: trx.fn.now(), version: trx.raw('version + 1') })
        .returning(COLUMNS);
      if (!row) return undefined;
      await this.replaceLessons(trx, id, articles);
      return { row: row as PathRow, before };
    }, (result) => (result ? audit(result.row) : undefined));
  }

  /** The article ids it held, or undefined when it was not there. */
  delete(id: number, audit: () => AuditEntry): Promise<number[] | undefined> {
    return this.write(async (trx) => {
      const before = await this.articleIds(id, trx);
      const removed = await trx('learning_paths').where({ id }).delete();
      return removed > 0 ? before : undefined;
    }, (result) => (result ? audit() : undefined));
  }

  private async replaceLessons(trx: Knex, pathId: number, articles: Array<{ id: number; title: string }>) {
    await trx('learning_path_lessons').where({ path_id: pathId }).delete();
    if (articles.length === 0) return;
    await trx('learning_path_lessons').insert(articles.map((article, index) => ({ path_id: pathId, position: index + 1, article_id: article.id, article_title: article.title })));
  }

  /** A write and its audit entry in one transaction; a taken slug is a ConflictError on `slug`. */
  private async write<T>(work: (trx: Knex.Transaction) => Promise<T>, audit: (result: T) => AuditEntry | undefined): Promise<T> {
    try {
      return await this.db.transaction(async (trx) => {
        const result = await work(trx);
        const entry = audit(result);
        if (entry && this.audit) await this.audit.record(entry, trx);
        return result;
      });
    } catch (err) {
      const { code, constraint } = err as { code?: string; constraint?: string };
      if (code === '23505' && constraint?.includes('slug')) throw new ConflictError('網址代稱已被使用', 'slug');
      throw err;
    }
  }
}
