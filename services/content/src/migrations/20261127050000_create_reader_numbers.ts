import type { Knex } from 'knex';

export const name = '20261127050000_create_reader_numbers';

/**
 * The editor's numbers and the redirect manager (docs/product.md, What is recorded): searches by normalised term and 404s
 * of public pages by path and referring host, one row per Taipei day — nothing per reader.
 * `zero_searches` are the term's searches recorded while it found no public article.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('search_term_days', (t) => {
    t.date('day').notNullable();
    t.string('term', 64).notNullable();
    t.bigInteger('searches').notNullable().defaultTo(0);
    t.bigInteger('zero_searches').notNullable().defaultTo(0);
    t.primary(['day', 'term']);
  });
  await db.schema.createTable('missing_page_days', (t) => {
    t.date('day').notNullable();
    t.string('path', 200).notNullable();
    t.string('referrer_host', 253).notNullable().defaultTo('');
    t.bigInteger('hits').notNullable().defaultTo(0);
    t.primary(['day', 'path', 'referrer_host']);
  });
  // Redirects the admin made (新增轉址): a path to an article, a category or a tag, followed by
  // id (an article's later slug change moves the redirect with it: never a chain).
  await db.schema.createTable('redirects', (t) => {
    t.increments('id').primary();
    t.string('from_path', 200).notNullable().unique();
    t.string('target_kind', 10).notNullable();
    t.integer('article_id').references('id').inTable('articles').onDelete('CASCADE');
    t.integer('category_id').references('id').inTable('categories').onDelete('CASCADE');
    t.string('tag_key', 100);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw(`alter table redirects add constraint redirects_one_target check (
    (target_kind = 'article' and article_id is not null and category_id is null and tag_key is null) or
    (target_kind = 'category' and category_id is not null and article_id is null and tag_key is null) or
    (target_kind = 'tag' and tag_key is not null and article_id is null and category_id is null))`);
  // Every 301 of a public path the gateways answered (made here, an old slug, an old WordPress link), by path.
  await db.schema.createTable('redirect_hits', (t) => {
    t.string('path', 200).primary();
    t.bigInteger('hits').notNullable().defaultTo(0);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('redirect_hits');
  await db.schema.dropTable('redirects');
  await db.schema.dropTable('missing_page_days');
  await db.schema.dropTable('search_term_days');
}
