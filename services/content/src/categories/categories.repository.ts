import type { Knex } from 'knex';
import { API_MESSAGES } from '@coinmag/contracts';
import { ConflictError } from '@coinmag/service-kit';
import { type AuditEntry, type AuditRepository } from '@coinmag/audit';
import type { ChangeOutbox } from '../outbox/change-outbox.js';

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  is_active: boolean;
  show_in_header: boolean;
  show_in_footer: boolean;
  sort_order: number;
  version: number;
  article_count?: number;
}

export type CategoryWrite = Omit<CategoryRow, 'id' | 'article_count' | 'version'>;

const COLUMNS = ['id', 'name', 'slug', 'description', 'is_active', 'show_in_header', 'show_in_footer', 'sort_order', 'version'];

/** Builds the audit entry of a write from what it wrote; undefined: nothing to log. */
export type AuditOf<T> = (result: T) => AuditEntry | undefined;

export class CategoriesRepository {
  /** With `audit`, a write given an entry logs it (and tells `outbox` of it: site.changed) in the write's own transaction. */
  constructor(
    private readonly db: Knex,
    private readonly audit?: AuditRepository,
    private readonly outbox?: ChangeOutbox,
  ) {}

  listHeader(): Promise<Array<Pick<CategoryRow, 'id' | 'name' | 'slug'>>> {
    return this.db('categories').where({ is_active: true, show_in_header: true }).orderBy([{ column: 'sort_order' }, { column: 'id' }]).select('id', 'name', 'slug');
  }

  listActive(): Promise<CategoryRow[]> {
    return this.db('categories').where({ is_active: true }).orderBy([{ column: 'sort_order' }, { column: 'id' }]).select(COLUMNS);
  }

  listAll(): Promise<CategoryRow[]> {
    return this.db('categories as c')
      .select(COLUMNS.map((column) => `c.${column}`))
      .select(this.db.raw('(select count(*) from articles a where a.category_id = c.id)::int as article_count'))
      .orderBy([{ column: 'c.sort_order' }, { column: 'c.id' }]);
  }

  findActiveBySlug(slug: string): Promise<CategoryRow | undefined> {
    return this.db('categories').where({ slug, is_active: true }).first(COLUMNS);
  }

  findById(id: number): Promise<CategoryRow | undefined> {
    return this.db('categories').where({ id }).first(COLUMNS);
  }

  async slugExists(slug: string, exceptId?: number): Promise<boolean> {
    const query = this.db('categories').where({ slug });
    if (exceptId !== undefined) query.whereNot({ id: exceptId });
    return Boolean(await query.first('id'));
  }

  /** A slug another category holds is a ConflictError on `slug`. */
  insert(data: CategoryWrite, audit?: AuditOf<CategoryRow>): Promise<CategoryRow> {
    return this.logged(async (trx) => {
      const [row] = await trx('categories').insert(data).returning(COLUMNS);
      return row as CategoryRow;
    }, audit);
  }

  /** Writes only while the row is still at `expectedVersion`; undefined when it is not (or is gone). */
  update(id: number, expectedVersion: number, data: CategoryWrite, audit?: AuditOf<CategoryRow>): Promise<CategoryRow | undefined> {
    return this.logged(async (trx) => {
      const [row] = await trx('categories')
        .where({ id, version: expectedVersion })
        .update({ ...data, updated_at: trx.fn.now(), version: trx.raw('version + 1') })
        .returning(COLUMNS);
      return row as CategoryRow | undefined;
    }, (row) => (row ? audit?.(row) : undefined));
  }

  async countArticles(id: number): Promise<number> {
    const row = await this.db('articles').where({ category_id: id }).count<{ count: number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  delete(id: number, audit?: AuditOf<boolean>): Promise<boolean> {
    return this.logged(async (trx) => (await trx('categories').where({ id }).delete()) > 0, audit);
  }

  /** Runs a write and its audit entry in one transaction; translates a taken slug. */
  private async logged<T>(work: (trx: Knex | Knex.Transaction) => Promise<T>, audit?: AuditOf<T>): Promise<T> {
    try {
      if (!this.audit || !audit) return await work(this.db);
      return await this.db.transaction(async (trx) => {
        const result = await work(trx);
        const entry = audit(result);
        if (entry) await this.audit!.record(entry, trx);
        // Categories are the site's navigation and sections: a change of one is a change of the site.
        if (entry && this.outbox) await this.outbox.siteChanged(trx as Knex.Transaction);
        return result;
      });
    } catch (err) {
      const { code, constraint } = err as { code?: string; constraint?: string };
      if (code === '23505' && constraint?.includes('slug')) throw new ConflictError(API_MESSAGES.slugTaken, 'slug');
      throw err;
    }
  }
}
