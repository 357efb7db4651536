import type { Knex } from 'knex';

export const name = '20260101000007_search_text_uncompressed';

/** Search confirms candidates with strpos on search_text: kept uncompressed, it is read without inflating. */
export async function up(db: Knex): Promise<void> {
  await db.raw('alter table articles alter column search_text set storage external');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('alter table articles alter column search_text set storage extended');
}
