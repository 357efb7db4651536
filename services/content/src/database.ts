import { type Logger } from '@coinmag/service-kit';
import { createDatabase, migrateLatest, pendingMigrations } from '@coinmag/service-kit/database';
import type { Knex } from 'knex';
import type { ContentConfig } from './config.js';
import { migrations } from './migrations/index.js';

export function openDatabase(config: Pick<ContentConfig, 'DATABASE_URL' | 'DB_SCHEMA' | 'DB_POOL_MAX'>, log?: Logger): Knex {
  return createDatabase({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, poolMax: config.DB_POOL_MAX, log });
}

export function migrateContent(db: Knex, schema: string): Promise<string[]> {
  return migrateLatest(db, schema, migrations);
}

export function contentPendingMigrations(db: Knex, schema: string): Promise<string[]> {
  return pendingMigrations(db, schema, migrations);
}
