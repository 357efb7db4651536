import type { Knex } from 'knex';

export const name = '20261126110000_create_learning_paths';

/**
 * Learning paths (docs/product.md §3): an ordered list of articles. A lesson whose article is
 * deleted keeps its row (article_id null, the title it had) so the back office can show the gap.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('learning_paths', (t) => {
    t.increments('id').primary();
    t.string('slug', 120).notNullable().unique();
    t.string('title', 60).notNullable();
    t.string('level', 8).notNullable();
    t.string('description', 300).notNullable().defaultTo('');
    t.string('cover', 300).nullable();
    t.string('cover_alt', 150).notNullable().defaultTo('');
    t.integer('version').notNullable().defaultTo(1);
    t.timestamps(true, true);
  });
  await db.raw(`alter table learning_paths add constraint learning_paths_level_check check (level in ('入門', '進階', '高階'))`);
  await db.schema.createTable('learning_path_lessons', (t) => {
    t.integer('path_id').notNullable().references('id').inTable('learning_paths').onDelete('CASCADE');
    t.smallint('position').notNullable();
    t.integer('article_id').nullable().references('id').inTable('articles').onDelete('SET NULL');
    t.string('article_title', 200).notNullable();
    t.primary(['path_id', 'position']);
    // A path never holds the same article twice (deleted articles, null, may repeat).
    t.unique(['path_id', 'article_id']);
    t.index(['article_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('learning_path_lessons');
  await db.schema.dropTable('learning_paths');
}
