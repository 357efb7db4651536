import type { Knex } from 'knex';
import type { NamedMigration } from '@coinmag/service-kit/database';

export const createAdmins: NamedMigration = {
  name: '20260101130000_create_admins',
  async up(db: Knex) {
    await db.schema.createTable('admins', (table) => {
      table.increments('id').primary();
      table.string('username', 100).notNullable().unique();
      table.text('password_hash').notNullable();
      // Part of every token; bumping it makes all older tokens invalid.
      table.integer('token_version').notNullable().defaultTo(0);
      table.boolean('is_default_password').notNullable().defaultTo(false);
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
  async down(db: Knex) {
    await db.schema.dropTableIfExists('admins');
  },
};
