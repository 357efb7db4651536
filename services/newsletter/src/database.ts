import type { Knex } from 'knex';
import type { Logger } from '@coinmag/service-kit';
import { migrateLatest, pendingMigrations } from '@coinmag/service-kit/database';
import { NEWSLETTER_MIGRATIONS } from './migrations/index.js';

export async function migrateNewsletter(db: Knex, schema: string, log: Logger): Promise<void> {
  const applied = await migrateLatest(db, schema, NEWSLETTER_MIGRATIONS);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
}

export function newsletterPendingMigrations(db: Knex, schema: string): Promise<string[]> {
  return pendingMigrations(db, schema, NEWSLETTER_MIGRATIONS);
}
