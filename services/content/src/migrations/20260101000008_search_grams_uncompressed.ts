import type { Knex } from 'knex';

export const name = '20260101000008_search_grams_uncompressed';

/** A common term is checked on most rows: the gram array is read without inflating it each time. */
export async function up(db: Knex): Promise<void> {
  await db.raw('alter table articles alter column search_grams set storage external');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('alter table articles alter column search_grams set storage extended');
}
