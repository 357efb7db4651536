import type { Knex } from 'knex';

export const name = '20261122211000_view_batches_counts';

/**
 * A batch of views may be applied by its own process (from memory) and by another one
 * (from Redis's copy, after the first died). Each batch records what it has added per
 * article, so whichever comes second adds only what the first did not.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('view_flushes', (t) => {
    t.jsonb('counts');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('view_flushes', (t) => {
    t.dropColumn('counts');
  });
}
