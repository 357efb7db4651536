import type { Knex } from 'knex';

export const name = '20261122213500_featured_image_alt';

export async function up(db: Knex): Promise<void> {
  // The cover's alt text, typed by the admin; empty until then (never the file name).
  await db.schema.alterTable('articles', (t) => {
    t.string('featured_image_alt', 200).notNullable().defaultTo('');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('articles', (t) => {
    t.dropColumn('featured_image_alt');
  });
}
