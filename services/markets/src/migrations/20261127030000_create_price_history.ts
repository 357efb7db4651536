import type { Knex } from 'knex';
import type { NamedMigration } from '@coinmag/service-kit/database';

export const createPriceHistory: NamedMigration = {
  name: '20261127030000_create_price_history',
  async up(db: Knex) {
    // One close per coin and hour, kept 90 days (the 7-day chart, the article's price at publication).
    await db.schema.createTable('price_hourly', (table) => {
      table.string('symbol', 16).notNullable();
      table.timestamp('hour', { useTz: true }).notNullable();
      table.double('twd').notNullable();
      table.primary(['symbol', 'hour']);
      table.index(['hour']);
    });
    // One close per coin and day (UTC), kept for good (the 90-day chart, older articles).
    await db.schema.createTable('price_daily', (table) => {
      table.string('symbol', 16).notNullable();
      table.date('day').notNullable();
      table.double('twd').notNullable();
      table.primary(['symbol', 'day']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTableIfExists('price_daily');
    await db.schema.dropTableIfExists('price_hourly');
  },
};
