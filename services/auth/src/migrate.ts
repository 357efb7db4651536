import { runMigration } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { Argon2Hasher } from './admin/password-hasher.js';
import { prepareDatabase } from './database.js';
import { loadAuthConfig } from './config.js';

/** The migration step (a job in production): schema changes, then the first admin account. */
void runMigration({
  name: 'auth',
  config: (env) => loadAuthConfig(env, 'migrate'),
  async migrate({ config, log }) {
    const db = createDatabase({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: 1, log });
    try {
      await prepareDatabase({ db, schema: config.DB_SCHEMA, hasher: new Argon2Hasher(), log, adminPassword: config.ADMIN_PASSWORD });
    } finally {
      await db.destroy();
    }
  },
});
