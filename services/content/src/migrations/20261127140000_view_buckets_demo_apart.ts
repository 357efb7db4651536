import type { Knex } from 'knex';

export const name = '20261127140000_view_buckets_demo_apart';

const TABLES = [
  { table: 'view_hours', key: 'hour, article_id, source_kind, host, device' },
  { table: 'view_days', key: 'day, article_id, source_kind, host, device' },
] as const;

/**
 * The demo seed's made-up views and real ones are kept in rows of their own: `demo` joins the
 * buckets' key, so a real view counted in an hour (or day) the demo history also fills adds to a
 * real row beside the demo one, instead of turning the demo figures into real ones. Rows merged
 * before this cannot be told apart and stay as they are.
 */
export async function up(db: Knex): Promise<void> {
  for (const { table, key } of TABLES) {
    await db.raw(`alter table ${table} drop constraint ${table}_pkey`);
    await db.raw(`alter table ${table} add constraint ${table}_pkey primary key (${key}, demo)`);
  }
}

/** Back to one row per bucket: a demo row beside a real one is added to it (the row real, as before). */
export async function down(db: Knex): Promise<void> {
  for (const { table, key } of TABLES) {
    const columns = key.split(', ');
    const same = columns.map((column) => `r.${column} = d.${column}`).join(' and ');
    await db.raw(`update ${table} r set views = r.views + d.views from ${table} d where ${same} and not r.demo and d.demo`);
    await db.raw(`delete from ${table} d using ${table} r where ${same} and not r.demo and d.demo`);
    await db.raw(`alter table ${table} drop constraint ${table}_pkey`);
    await db.raw(`alter table ${table} add constraint ${table}_pkey primary key (${key})`);
  }
}
