import type { Knex } from 'knex';
import type { NamedMigration } from '@coinmag/service-kit/database';

export const createSessions: NamedMigration = {
  name: '20261122203800_create_sessions',
  async up(db: Knex) {
    await db.schema.createTable('sessions', (table) => {
      // Random, in every token of the session as `sid`; ending the row ends all of them.
      table.string('id', 64).primary();
      table.integer('admin_id').notNullable().references('id').inTable('admins').onDelete('CASCADE');
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.timestamp('renewed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      // The absolute limit: no renewal reaches past it.
      table.timestamp('expires_at', { useTz: true }).notNullable();
      table.timestamp('ended_at', { useTz: true });
      table.index(['expires_at']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTableIfExists('sessions');
  },
};
