import type { Knex } from 'knex';

export const name = '20261125020000_create_wordpress_import';

/**
 * The WordPress import (docs/product.md): each import job with its dry run and progress, the
 * outcome of each post in it (so a restarted job goes on where it stopped), where each article
 * came from (so a second import updates instead of duplicating, and old links find it), the
 * categories' and tags' old slugs, and each image brought over (fetched once).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('wordpress_imports', (t) => {
    t.increments('id').primary();
    t.string('status', 20).notNullable();
    t.string('filename', 200).notNullable();
    t.text('file_path').notNullable();
    t.bigInteger('file_bytes').notNullable();
    t.boolean('with_images').notNullable().defaultTo(true);
    t.text('site').notNullable().defaultTo('');
    t.jsonb('dry_run');
    t.jsonb('progress').notNullable();
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    /** Written while a process works on the job; a stale one after a restart means "take it over". */
    t.timestamp('heartbeat_at', { useTz: true });
    t.index(['status']);
  });
  await db.schema.createTable('wordpress_import_items', (t) => {
    t.integer('import_id').notNullable().references('id').inTable('wordpress_imports').onDelete('CASCADE');
    t.integer('wp_post_id').notNullable();
    t.string('outcome', 20).notNullable();
    t.integer('article_id');
    t.string('title', 200).notNullable();
    t.text('note').notNullable().defaultTo('');
    t.primary(['import_id', 'wp_post_id']);
  });
  await db.schema.createTable('wordpress_sources', (t) => {
    t.increments('id').primary();
    t.text('site').notNullable();
    t.integer('wp_post_id').notNullable();
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.text('wp_link').notNullable();
    t.string('wp_slug', 120).notNullable();
    t.string('source_hash', 64).notNullable();
    /** The article's version right after the import wrote it: a higher one was edited here. */
    t.integer('imported_version').notNullable();
    /** False while an image of the post could not be brought over: the next import tries again. */
    t.boolean('images_complete').notNullable().defaultTo(false);
    t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.unique(['site', 'wp_post_id']);
    t.index(['wp_post_id']);
    t.index(['wp_slug']);
    t.index(['article_id']);
  });
  await db.schema.createTable('wordpress_terms', (t) => {
    t.text('site').notNullable();
    t.string('kind', 10).notNullable();
    t.string('wp_slug', 120).notNullable();
    /** Our category slug, or the tag's name. */
    t.string('target', 120).notNullable();
    t.primary(['site', 'kind', 'wp_slug']);
    t.index(['kind', 'wp_slug']);
  });
  await db.schema.createTable('wordpress_images', (t) => {
    t.text('source_url').primary();
    t.text('url');
    t.text('error');
    t.timestamp('fetched_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['wordpress_images', 'wordpress_terms', 'wordpress_sources', 'wordpress_import_items', 'wordpress_imports']) await db.schema.dropTableIfExists(table);
}
