import type { Knex } from 'knex';

export const name = '20261127020000_create_flash_items';

/**
 * 快訊 (docs/product.md §2): short items beside the articles. They share the tags table with
 * articles (a tag page shows both), keep revisions like articles, and are announced when their
 * time comes like scheduled articles (`announce_on_publication`, read by the scheduler).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('flash_items', (t) => {
    t.increments('id').primary();
    t.string('text', 2000).notNullable();
    t.string('source_url', 2000).nullable();
    t.boolean('important').notNullable().defaultTo(false);
    t.boolean('pinned').notNullable().defaultTo(false);
    t.integer('article_id').nullable().references('id').inTable('articles').onDelete('SET NULL');
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.boolean('announce_on_publication').notNullable().defaultTo(false);
    t.integer('version').notNullable().defaultTo(1);
    t.timestamps(true, true);
  });
  await db.raw('create index flash_items_newest on flash_items (published_at desc, id desc)');
  await db.raw('create index flash_items_pinned on flash_items (id) where pinned');
  await db.raw('create index flash_items_due on flash_items (published_at) where announce_on_publication');
  await db.schema.createTable('flash_tags', (t) => {
    t.integer('flash_id').notNullable().references('id').inTable('flash_items').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.smallint('position').notNullable().defaultTo(0);
    t.primary(['flash_id', 'tag_id']);
    t.index(['tag_id']);
  });
  await db.schema.createTable('flash_revisions', (t) => {
    t.bigIncrements('id').primary();
    t.integer('flash_id').notNullable().references('id').inTable('flash_items').onDelete('CASCADE');
    t.integer('version').nullable();
    t.string('kind', 10).notNullable();
    t.string('text', 2000).notNullable();
    t.string('source_url', 2000).nullable();
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.boolean('important').notNullable();
    t.boolean('pinned').notNullable();
    t.timestamp('published_at', { useTz: true }).nullable();
    t.string('ip', 64).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['flash_id', 'id']);
  });
  await db.raw(`alter table flash_revisions add constraint flash_revisions_kind_check check (kind in ('save', 'conflict'))`);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('flash_revisions');
  await db.schema.dropTable('flash_tags');
  await db.schema.dropTable('flash_items');
}
