import type { Knex } from 'knex';
import type { NamedMigration } from '@coinmag/service-kit/database';

export const createCoinSettings: NamedMigration = {
  name: '20261127030100_create_coin_settings',
  async up(db: Knex) {
    // The admin's 行情設定: which coins the ticker shows in which order, and each coin's tag.
    await db.schema.createTable('coin_settings', (table) => {
      table.string('symbol', 16).primary();
      // null: not in the ticker.
      table.integer('ticker_position');
      table.string('tag_slug', 200);
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
  async down(db: Knex) {
    await db.schema.dropTableIfExists('coin_settings');
  },
};
