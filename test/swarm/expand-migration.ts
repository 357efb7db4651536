// test:swarm's expand step (expand.ts): one nullable column on articles, which no code reads.
// Adding a nullable column without a default changes only the catalogue: it takes its lock for
// an instant and rewrites nothing, so the old tasks' queries wait at most that instant.
import type { Knex } from 'knex';

export const name = '99990101000000_swarm_expand_probe';

export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('articles', (t) => {
    t.text('swarm_expand_probe').nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('articles', (t) => {
    t.dropColumn('swarm_expand_probe');
  });
}
