import { randomBytes } from 'node:crypto';
import knex from 'knex';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database on the machine's Postgres for one test file, dropped afterwards. */
export async function createTestDatabase(prefix = 'cm_test'): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: ADMIN_URL, pool: { min: 0, max: 1 } });
  try {
    await admin.raw('create database ??', [name]);
  } finally {
    await admin.destroy();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const cleanup = knex({ client: 'pg', connection: ADMIN_URL, pool: { min: 0, max: 1 } });
      try {
        await cleanup.raw('drop database if exists ?? with (force)', [name]);
      } finally {
        await cleanup.destroy();
      }
    },
  };
}
