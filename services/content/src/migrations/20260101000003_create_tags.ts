import type { Knex } from 'knex';

export const name = '20260101000003_create_tags';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('tags', (t) => {
    t.increments('id').primary();
    t.string('name', 30).notNullable().unique();
  });
  await db.schema.createTable('article_tags', (t) => {
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.smallint('position').notNullable().defaultTo(0);
    t.primary(['article_id', 'tag_id']);
    t.index(['tag_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('article_tags');
  await db.schema.dropTable('tags');
}
