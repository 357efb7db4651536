import type { Knex } from 'knex';

export const name = '20261127060000_create_view_buckets';

/**
 * The editor's view charts (docs/product.md, What is recorded): every counted view also lands in a
 * bucket by hour (kept 90 days, then summed into its Taipei day, kept for good), per article, per
 * kind of source (`search`, `social`, `direct`, `site`), the referring site's host (only the host;
 * '' when direct) and the device class from the user agent (`phone`, `tablet`, `desktop`) —
 * nothing per reader. `demo` marks the history the demo seed made up.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('view_hours', (t) => {
    t.timestamp('hour', { useTz: true }).notNullable();
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.string('source_kind', 8).notNullable();
    t.string('host', 253).notNullable().defaultTo('');
    t.string('device', 8).notNullable();
    t.bigInteger('views').notNullable().defaultTo(0);
    t.boolean('demo').notNullable().defaultTo(false);
    t.primary(['hour', 'article_id', 'source_kind', 'host', 'device']);
  });
  await db.raw('create index view_hours_article_idx on view_hours (article_id, hour)');
  await db.schema.createTable('view_days', (t) => {
    t.date('day').notNullable();
    t.integer('article_id').notNullable().references('id').inTable('articles').onDelete('CASCADE');
    t.string('source_kind', 8).notNullable();
    t.string('host', 253).notNullable().defaultTo('');
    t.string('device', 8).notNullable();
    t.bigInteger('views').notNullable().defaultTo(0);
    t.boolean('demo').notNullable().defaultTo(false);
    t.primary(['day', 'article_id', 'source_kind', 'host', 'device']);
  });
  await db.raw('create index view_days_article_idx on view_days (article_id, day)');
  for (const table of ['view_hours', 'view_days']) {
    await db.raw(`alter table ${table} add constraint ${table}_source_kind check (source_kind in ('search', 'social', 'direct', 'site'))`);
    await db.raw(`alter table ${table} add constraint ${table}_device check (device in ('phone', 'tablet', 'desktop'))`);
  }
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('view_days');
  await db.schema.dropTable('view_hours');
}
