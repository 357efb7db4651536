import { runMigration } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { loadMarketsConfig } from './config.js';
import { migrateMarkets } from './database.js';

/** The migration step (a job in production). */
void runMigration({
  name: 'markets',
  config: (env) => loadMarketsConfig(env),
  async migrate({ config, log }) {
    const db = createDatabase({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: 1, log });
    try {
      await migrateMarkets(db, config.DB_SCHEMA, log);
    } finally {
      await db.destroy();
    }
  },
});
