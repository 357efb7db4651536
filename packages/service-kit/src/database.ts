import knex, { type Knex } from 'knex';
import pg from 'pg';
import type { Logger } from './logger.js';

// Postgres bigint (count, sum) and numeric come back as strings by default; our figures fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number(value));
pg.types.setTypeParser(1700, (value: string) => Number(value));

export interface DatabaseOptions {
  url: string;
  schema: string;
  poolMax?: number;
  /** Knex's own warnings go through the service's JSON log instead of the console. */
  log?: Logger;
}

/** A Knex instance whose search_path is the service's own schema. */
export function createDatabase({ url, schema, poolMax = 10, log }: DatabaseOptions): Knex {
  const text = (message: unknown) => (message instanceof Error ? message.message : String(message));
  return knex({
    ...(log
      ? {
          log: {
            warn: (message: unknown) => log.warn({ component: 'knex' }, text(message)),
            error: (message: unknown) => log.error({ component: 'knex' }, text(message)),
            deprecate: (method: string, alternative: string) => log.warn({ component: 'knex' }, `${method} is deprecated; use ${alternative}`),
            debug: (message: unknown) => log.debug({ component: 'knex' }, text(message)),
          },
        }
      : {}),
    client: 'pg',
    connection: url,
    searchPath: [schema, 'public'],
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
  });
}

/** The readiness probe of a service's Postgres (the chassis's, beside migrations: no repository owns it). */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('select 1');
}

export interface NamedMigration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/**
 * Holds a Postgres advisory lock for one schema's migrations while `work` runs, on a connection of
 * its own: replicas (or one-off tasks) that start together wait for each other and the later ones
 * find nothing left to apply. (Knex's own lock table makes a second runner fail instead of waiting.)
 */
async function withMigrationLock<T>(db: Knex, schema: string, work: () => Promise<T>): Promise<T> {
  // Outside the pool, so a pool of one connection still has one for the migrations.
  const connection = new pg.Client(db.client.config.connection as string | pg.ClientConfig);
  await connection.connect();
  try {
    await connection.query("select pg_advisory_lock(hashtext('coinmag:migrate:' || $1::text))", [schema]);
    try {
      return await work();
    } finally {
      await connection.query("select pg_advisory_unlock(hashtext('coinmag:migrate:' || $1::text))", [schema]);
    }
  } finally {
    await connection.end();
  }
}

/** Runs migrations from a static list (bundles and tsx both work; no file globbing), one runner at a time. */
export async function migrateLatest(db: Knex, schema: string, migrations: NamedMigration[]): Promise<string[]> {
  return withMigrationLock(db, schema, () => applyLatest(db, schema, migrations));
}

async function applyLatest(db: Knex, schema: string, migrations: NamedMigration[]): Promise<string[]> {
  await db.raw('create schema if not exists ??', [schema]);
  const [, applied] = await db.migrate.latest({
    schemaName: schema,
    tableName: 'knex_migrations',
    // A schema a newer release has already expanded (its migrations applied, during a rolling
    // update or before a rollback) is one the older release's code lives with by the
    // expand → migrate → contract rule: its migrate step finds nothing to apply, it does not fail.
    disableMigrationsListValidation: true,
    migrationSource: {
      getMigrations: async () => migrations,
      getMigrationName: (migration: NamedMigration) => migration.name,
      getMigration: async (migration: NamedMigration) => migration,
    },
  });
  return applied as string[];
}

/** Names in `migrations` that the schema's migration table does not list yet. */
export async function pendingMigrations(db: Knex, schema: string, migrations: NamedMigration[]): Promise<string[]> {
  const hasTable = await db.schema.withSchema(schema).hasTable('knex_migrations');
  if (!hasTable) return migrations.map((migration) => migration.name);
  const applied = new Set((await db.withSchema(schema).from('knex_migrations').select('name')).map((row: { name: string }) => row.name));
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
}
