import type { Knex } from 'knex';
import type { NamedMigration } from '@coinmag/service-kit/database';

export const createAddedCoins: NamedMigration = {
  name: '20261127050000_create_added_coins',
  async up(db: Knex) {
    // The coins the admin added from the global provider's list (行情設定), priced beside the configured ones.
    await db.schema.createTable('added_coins', (table) => {
      // Our symbol: `/coin/{symbol}` and the ticker's key; one coin per symbol.
      table.string('symbol', 16).primary();
      // CoinGecko's coin id (`/simple/price?ids=`); one symbol per coin.
      table.string('provider_id', 100).notNullable().unique();
      table.string('name', 200).notNullable();
      // The TWD exchange's market (MAX `/api/v2/tickers` key) when it lists the coin; null: CoinGecko only.
      table.string('twd_market', 32);
      table.timestamp('added_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
  },
  async down(db: Knex) {
    await db.schema.dropTableIfExists('added_coins');
  },
};
