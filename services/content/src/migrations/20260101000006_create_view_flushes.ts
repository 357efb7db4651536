import type { Knex } from 'knex';

export const name = '20260101000006_create_view_flushes';

/** Ids of view-count snapshots already added to articles.view_count: a retried flush is not applied twice. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('view_flushes', (t) => {
    t.string('id', 120).primary();
    t.timestamp('applied_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('view_flushes');
}
