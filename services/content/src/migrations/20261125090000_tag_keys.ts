import type { Knex } from 'knex';
import { tagKey } from '@coinmag/rules';

export const name = '20261125090000_tag_keys';

/**
 * Tag pages (docs/product.md §3): each tag row keeps its spelling and gains its key, which
 * spellings of one tag share (full-width/half-width, case). Rows are not merged: an article
 * keeps the hashtag its editor typed, and the tag page gathers every row of its key.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('tags', (t) => {
    t.string('key', 120);
  });
  const BATCH = 1000;
  for (let after = 0; ; ) {
    const rows: Array<{ id: number; name: string }> = await db('tags').where('id', '>', after).orderBy('id').limit(BATCH).select('id', 'name');
    if (rows.length === 0) break;
    await db.raw(
      `update tags set key = v.key from (select unnest(?::int[]) as id, unnest(?::text[]) as key) v where tags.id = v.id`,
      [rows.map((row) => row.id), rows.map((row) => tagKey(row.name))],
    );
    after = rows[rows.length - 1]!.id;
  }
  await db.schema.alterTable('tags', (t) => {
    t.dropNullable('key');
    t.index(['key']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('tags', (t) => {
    t.dropColumn('key');
  });
}
