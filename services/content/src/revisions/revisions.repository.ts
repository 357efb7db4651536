import type { Knex } from 'knex';

/** One stored revision: what the editor wrote, when, and from which address. */
export interface RevisionRow {
  id: number;
  article_id: number;
  version: number | null;
  kind: 'save' | 'restore' | 'conflict';
  restored_from: number | null;
  title: string;
  excerpt: string;
  content: string;
  meta_title: string;
  meta_description: string;
  tags: string[];
  category_id: number | null;
  status: string;
  published_at: Date | null;
  ip: string | null;
  created_at: Date;
}

export type RevisionWrite = Omit<RevisionRow, 'id' | 'created_at'>;
export type RevisionSummaryRow = Omit<RevisionRow, 'excerpt' | 'content' | 'meta_title' | 'meta_description' | 'tags' | 'category_id' | 'published_at'>;

const SUMMARY_COLUMNS = ['id', 'article_id', 'version', 'kind', 'restored_from', 'title', 'status', 'ip', 'created_at'];

export class RevisionsRepository {
  constructor(private readonly db: Knex) {}

  /** Adds a revision and drops the article's oldest beyond `keep`, in the caller's transaction. */
  async insert(trx: Knex.Transaction, revision: RevisionWrite, keep: number): Promise<number> {
    const [row] = await trx('article_revisions').insert({ ...revision, tags: JSON.stringify(revision.tags) }).returning('id');
    await trx('article_revisions')
      .where('article_id', revision.article_id)
      .whereNotIn('id', trx('article_revisions').select('id').where('article_id', revision.article_id).orderBy('id', 'desc').limit(keep))
      .delete();
    return Number(row.id);
  }

  async list(articleId: number, limit: number): Promise<RevisionSummaryRow[]> {
    const rows: RevisionSummaryRow[] = await this.db('article_revisions').where('article_id', articleId).orderBy('id', 'desc').limit(limit).select(SUMMARY_COLUMNS);
    return rows.map((row) => ({ ...row, id: Number(row.id), restored_from: row.restored_from === null ? null : Number(row.restored_from) }));
  }

  async find(articleId: number, id: number): Promise<RevisionRow | undefined> {
    const row: RevisionRow | undefined = await this.db('article_revisions').where({ article_id: articleId, id }).first();
    return row ? { ...row, id: Number(row.id), restored_from: row.restored_from === null ? null : Number(row.restored_from) } : undefined;
  }

  async count(articleId: number): Promise<number> {
    const row = await this.db('article_revisions').where('article_id', articleId).count<{ count: number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }
}
