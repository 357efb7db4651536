import type { Knex } from 'knex';

export const name = '20261125094500_announce_on_publication';

/**
 * An article saved as published with a time still to come becomes public with no write: the
 * flag marks it for the scheduler's pass, which tells webhooks and IndexNow once when the time
 * comes (docs/product.md §11). Such articles already waiting are marked too.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('articles', (t) => {
    t.boolean('announce_on_publication').notNullable().defaultTo(false);
  });
  await db('articles').where('status', 'published').where('published_at', '>', db.fn.now()).update({ announce_on_publication: true });
  await db.raw('create index articles_announce_on_publication on articles (published_at) where announce_on_publication');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('articles', (t) => {
    t.dropColumn('announce_on_publication');
  });
}
