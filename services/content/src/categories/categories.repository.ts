import type { Knex } from 'knex';

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

export class CategoriesRepository {
  constructor(private readonly db: Knex) {}

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

  async insert(data: CategoryWrite, trx: Knex | Knex.Transaction = this.db): Promise<CategoryRow> {
    const [row] = await trx('categories').insert(data).returning(COLUMNS);
    return row as CategoryRow;
  }

  /** Writes only while the row is still at `expectedVersion`; undefined when it is not (or is gone). */
  async update(id: number, expectedVersion: number, data: CategoryWrite, trx: Knex | Knex.Transaction = this.db): Promise<CategoryRow | undefined> {
    const [row] = await trx('categories')
      .where({ id, version: expectedVersion })
      .update({ ...data, updated_at: trx.fn.now(), version: trx.raw('version + 1') })
      .returning(COLUMNS);
    return row as CategoryRow | undefined;
  }

  async countArticles(id: number): Promise<number> {
    const row = await this.db('articles').where({ category_id: id }).count<{ count: number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  async delete(id: number, trx: Knex | Knex.Transaction = this.db): Promise<boolean> {
    return (await trx('categories').where({ id }).delete()) > 0;
  }
}
