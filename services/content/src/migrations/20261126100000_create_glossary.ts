import type { Knex } from 'knex';

export const name = '20261126100000_create_glossary';

/**
 * The glossary (docs/product.md §3 Glossary): terms, their spellings (the name and every alias,
 * one row each, their match key unique across the whole glossary so no spelling names two terms),
 * related terms, one row of settings (links per article; `revision`, bumped by every write, tells
 * every replica its compiled matcher is old), and each article's switch for linking.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('glossary_terms', (t) => {
    t.increments('id').primary();
    t.string('slug', 80).notNullable().unique();
    t.string('name', 40).notNullable();
    t.string('definition', 120).notNullable();
    t.text('explanation').notNullable().defaultTo('');
    t.string('status', 10).notNullable().defaultTo('draft');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.schema.createTable('glossary_spellings', (t) => {
    t.increments('id').primary();
    t.integer('term_id').notNullable().references('id').inTable('glossary_terms').onDelete('CASCADE');
    t.string('spelling', 40).notNullable();
    t.string('key', 80).notNullable().unique();
    t.boolean('is_name').notNullable().defaultTo(false);
    t.smallint('position').notNullable().defaultTo(0);
    t.index(['term_id']);
  });
  await db.schema.createTable('glossary_related', (t) => {
    t.integer('term_id').notNullable().references('id').inTable('glossary_terms').onDelete('CASCADE');
    t.integer('related_id').notNullable().references('id').inTable('glossary_terms').onDelete('CASCADE');
    t.smallint('position').notNullable().defaultTo(0);
    t.primary(['term_id', 'related_id']);
  });
  await db.schema.createTable('glossary_settings', (t) => {
    t.integer('id').primary();
    t.integer('max_links').notNullable().defaultTo(10);
    t.bigInteger('revision').notNullable().defaultTo(1);
  });
  await db('glossary_settings').insert({ id: 1, max_links: 10, revision: 1 });
  await db.schema.alterTable('articles', (t) => {
    t.boolean('glossary_links').notNullable().defaultTo(true);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('articles', (t) => {
    t.dropColumn('glossary_links');
  });
  await db.schema.dropTable('glossary_settings');
  await db.schema.dropTable('glossary_related');
  await db.schema.dropTable('glossary_spellings');
  await db.schema.dropTable('glossary_terms');
}
