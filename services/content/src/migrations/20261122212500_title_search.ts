import type { Knex } from 'knex';
import { normalizeForSearch, searchGrams } from '../articles/search-grams.js';

export const name = '20261122212500_title_search';

const BATCH = 500;

/**
 * Search ranks title hits first. The title's own normalised text and grams (GIN-indexed)
 * find them without reading any body: short columns stored in the row itself.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('articles', (t) => {
    t.text('title_text').notNullable().defaultTo('');
    t.specificType('title_grams', 'text[]').notNullable().defaultTo('{}');
  });
  for (let lastId = 0; ; ) {
    const rows: Array<{ id: number; title: string }> = await db('articles').where('id', '>', lastId).orderBy('id').limit(BATCH).select('id', 'title');
    if (rows.length === 0) break;
    const values = rows.map((row) => ({ id: row.id, text: normalizeForSearch(row.title), grams: searchGrams(row.title) }));
    await db.raw(
      `update articles a set title_text = v.text, title_grams = array(select jsonb_array_elements_text(v.grams))
         from jsonb_to_recordset(?::jsonb) as v(id int, text text, grams jsonb)
        where a.id = v.id`,
      [JSON.stringify(values)],
    );
    lastId = rows[rows.length - 1]!.id;
  }
  await db.raw('create index articles_title_grams_idx on articles using gin (title_grams)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index if exists articles_title_grams_idx');
  await db.schema.alterTable('articles', (t) => {
    t.dropColumn('title_text');
    t.dropColumn('title_grams');
  });
}
