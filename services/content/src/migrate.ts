// Runs the content migrations, then (with SEED_DEMO=true) seeds the demo content into an empty database.
import { runMigration } from '@coinmag/service-kit';
import { contentConfigSchema } from './config.js';
import { migrateContent, openDatabase } from './database.js';
import { seedDemoContent } from './seed/seed-demo.js';
import { SeedRepository } from './seed/seed.repository.js';
import { seedDemoGlossary } from './seed/seed-glossary.js';
import { seedDemoViews } from './seed/seed-demo-views.js';

void runMigration({
  name: 'content',
  config: contentConfigSchema,
  async migrate({ config, log }) {
    const db = openDatabase(config, log);
    try {
      const applied = await migrateContent(db, config.DB_SCHEMA);
      log.info({ applied }, applied.length ? 'migrations applied' : 'schema up to date');
      if (config.SEED_DEMO === 'true') {
        const seeded = await seedDemoContent(new SeedRepository(db));
        log.info(seeded ? { ...seeded } : {}, seeded ? 'demo content seeded' : 'database has content; demo seed skipped');
        const glossary = await seedDemoGlossary(db);
        log.info(glossary ? { ...glossary } : {}, glossary ? 'demo glossary seeded' : 'glossary has terms; demo glossary skipped');
        const views = await seedDemoViews(db);
        log.info(views ? { ...views } : {}, views ? 'demo month of views seeded' : 'demo views present or no demo article; demo views skipped');
      }
    } finally {
      await db.destroy();
    }
  },
});
