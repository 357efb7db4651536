import type { Knex } from 'knex';

export const name = '20261125093000_create_preview_links';

/** Preview links (docs/product.md §3): only the token's SHA-256 is kept, so a copy of the table opens nothing. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('article_preview_links', (t) => {
    t.increments('id').primary();
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.specificType('token_hash', 'bytea').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['article_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('article_preview_links');
}
