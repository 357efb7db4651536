import type { Knex } from 'knex';

export const name = '20261122204500_versions_and_revisions';

export async function up(db: Knex): Promise<void> {
  // Optimistic concurrency: every save bumps the row's version; a save naming an older one is refused.
  for (const table of ['articles', 'categories', 'settings']) {
    await db.schema.alterTable(table, (t) => {
      t.integer('version').notNullable().defaultTo(1);
    });
  }
  await db.schema.createTable('article_revisions', (t) => {
    t.bigIncrements('id').primary();
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.integer('version').nullable();
    t.string('kind', 16).notNullable();
    t.bigInteger('restored_from').nullable();
    t.string('title', 200).notNullable();
    t.text('excerpt').notNullable();
    t.text('content').notNullable();
    t.string('meta_title', 200).notNullable();
    t.string('meta_description', 500).notNullable();
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.integer('category_id').nullable();
    t.string('status', 16).notNullable();
    t.timestamp('published_at', { useTz: true }).nullable();
    t.string('ip', 64).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.index(['article_id', 'id']);
  });
  await db.raw(`alter table article_revisions add constraint article_revisions_kind_check check (kind in ('save', 'restore', 'conflict'))`);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('article_revisions');
  for (const table of ['articles', 'categories', 'settings']) {
    await db.schema.alterTable(table, (t) => {
      t.dropColumn('version');
    });
  }
}
