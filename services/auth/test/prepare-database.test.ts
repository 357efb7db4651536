// The migrate step runs at every deploy (and after a restore): with the account there it must
// change nothing, not even the id sequence (the restore drill compares every sequence).
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '@coinmag/service-kit';
import { createDatabase } from '@coinmag/service-kit/database';
import { createTestDatabase } from '@coinmag/service-kit/testing';
import { Argon2Hasher } from '../src/admin/password-hasher.js';
import { prepareDatabase } from '../src/database.js';

const SCHEMA = 'auth';
const log = createLogger('auth-prepare-test', 'silent');

describe('prepareDatabase', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('makes the admin account once, and a second run writes nothing: same row, same id sequence', async () => {
    const database = await createTestDatabase('cm_auth_prepare');
    cleanups.push(() => database.drop());
    const db = createDatabase({ url: database.url, schema: SCHEMA, poolMax: 2, log });
    cleanups.push(() => db.destroy());
    const options = { db, schema: SCHEMA, hasher: new Argon2Hasher(), log, adminPassword: 'Prepare-test-password-1' };
    const state = async () => ({
      admins: (await db.raw(`select id, username, password_hash, token_version, updated_at from ${SCHEMA}.admins order by id`)).rows as unknown[],
      sequence: ((await db.raw(`select last_value, is_called from ${SCHEMA}.admins_id_seq`)).rows as unknown[])[0],
    });

    await prepareDatabase(options);
    const first = await state();
    expect(first.admins).toHaveLength(1);
    await prepareDatabase(options);
    await prepareDatabase({ ...options, adminPassword: 'Another-password-22' });
    expect(await state()).toEqual(first);
  });
});
