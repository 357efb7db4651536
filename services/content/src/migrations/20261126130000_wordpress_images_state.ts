import type { Knex } from 'knex';

export const name = '20261126130000_wordpress_images_state';

/**
 * Which of a post's images the last import brought over (a hash of source → ours, '' for one
 * that failed): an import that finds them the same leaves the article as it is (未變更) instead
 * of writing it again. Rows written before it have none: the next import writes them once.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('wordpress_sources', (t) => {
    t.string('images_state', 64).nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('wordpress_sources', (t) => {
    t.dropColumn('images_state');
  });
}
