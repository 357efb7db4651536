import type { Knex } from 'knex';
import type { Logger } from '@coinmag/service-kit';
import { migrateLatest, pendingMigrations } from '@coinmag/service-kit/database';
import { MARKETS_MIGRATIONS } from './migrations/index.js';

export async function migrateMarkets(db: Knex, schema: string, log: Logger): Promise<void> {
  const applied = await migrateLatest(db, schema, MARKETS_MIGRATIONS);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
}

export function marketsPendingMigrations(db: Knex, schema: string): Promise<string[]> {
  return pendingMigrations(db, schema, MARKETS_MIGRATIONS);
}
