import type { Knex } from 'knex';

export const name = '20260101000001_create_categories';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('categories', (t) => {
    t.increments('id').primary();
    t.string('name', 50).notNullable();
    t.string('slug', 120).notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('show_in_header').notNullable().defaultTo(false);
    t.boolean('show_in_footer').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.index(['is_active', 'sort_order']);
  });
  await db.raw('alter table categories add constraint categories_sort_order_check check (sort_order >= 0)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('categories');
}
