// Replicas (or one-off migration tasks) that start together against one database: each schema's
// migrations are applied exactly once, and no runner fails because another holds Knex's lock.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@coinmag/service-kit/testing';
import { migrateLatest } from '@coinmag/service-kit/database';
import { contentPendingMigrations, migrateContent, openDatabase } from '../../services/content/src/database.js';
import { migrations } from '../../services/content/src/migrations/index.js';

const RUNNERS = 4;

describe('migrations when several replicas start together', () => {
  let database: TestDatabase;
  const runners: Knex[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('cm_migrate_once');
    for (let n = 0; n < RUNNERS; n += 1) runners.push(openDatabase({ DATABASE_URL: database.url, DB_SCHEMA: 'content', DB_POOL_MAX: 1 }));
  });
  afterAll(async () => {
    await Promise.all(runners.map((db) => db.destroy()));
    await database?.drop();
  });

  it('applies each migration once, every runner succeeding', async () => {
    const pending = await contentPendingMigrations(runners[0]!, 'content');
    expect(pending.length).toBeGreaterThan(1);
    const results = await Promise.allSettled(runners.map((db) => migrateContent(db, 'content')));
    expect(results.map((result) => result.status)).toEqual(Array(RUNNERS).fill('fulfilled'));
    const applied = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    expect(applied.sort()).toEqual([...pending].sort());
    const rows = await runners[0]!.withSchema('content').from('knex_migrations').select('name');
    expect(rows.map((row: { name: string }) => row.name).sort()).toEqual([...pending].sort());
  });

  it('an older release’s migrate step, on a schema a newer release has expanded, applies nothing and succeeds (a rollback)', async () => {
    const older = migrations.slice(0, -1);
    expect(await migrateLatest(runners[1]!, 'content', older)).toEqual([]);
    expect(await contentPendingMigrations(runners[1]!, 'content')).toEqual([]);
  });
});
