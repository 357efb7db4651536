import type { Knex } from 'knex';

export const name = '20260101000004_create_article_search';

/**
 * Chinese has no spaces, so word tokenisers (and pg_trgm under a C locale) cannot find
 * 比特 inside 比特幣. Each article keeps the set of its 1- and 2-character grams in a
 * GIN-indexed array: a search asks for rows holding every gram of the term (index),
 * then confirms the exact substring in `search_text` (a handful of rows).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('articles', (t) => {
    t.text('search_text').notNullable().defaultTo('');
    t.specificType('search_grams', 'text[]').notNullable().defaultTo('{}');
  });
  await db.raw('create index articles_search_grams_idx on articles using gin (search_grams)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index if exists articles_search_grams_idx');
  await db.schema.alterTable('articles', (t) => {
    t.dropColumn('search_text');
    t.dropColumn('search_grams');
  });
}
