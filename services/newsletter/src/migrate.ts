import { runMigration } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { loadNewsletterConfig } from './config.js';
import { migrateNewsletter } from './database.js';

/** The migration step (a job in production). */
void runMigration({
  name: 'newsletter',
  config: (env) => loadNewsletterConfig(env, { signsLinks: false }),
  async migrate({ config, log }) {
    const db = createDatabase({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: 1, log });
    try {
      await migrateNewsletter(db, config.DB_SCHEMA, log);
    } finally {
      await db.destroy();
    }
  },
});
