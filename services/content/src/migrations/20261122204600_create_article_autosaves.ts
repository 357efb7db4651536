import type { Knex } from 'knex';

export const name = '20261122204600_create_article_autosaves';

export async function up(db: Knex): Promise<void> {
  // The form's unsaved copy: one per article, or one per new draft (a key the browser made).
  await db.schema.createTable('article_autosaves', (t) => {
    t.bigIncrements('id').primary();
    t.integer('article_id').nullable().unique().references('id').inTable('articles').onDelete('CASCADE');
    t.string('draft_key', 64).nullable().unique();
    t.jsonb('data').notNullable();
    t.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw('alter table article_autosaves add constraint article_autosaves_owner_check check ((article_id is null) <> (draft_key is null))');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('article_autosaves');
}
