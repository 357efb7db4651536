import type { Knex } from 'knex';
import { type Logger } from '@coinmag/service-kit';
import { migrateLatest, pendingMigrations } from '@coinmag/service-kit/database';
import { AdminRepository } from './admin/admin.repository.js';
import type { PasswordHasher } from './admin/password-hasher.js';
import { ADMIN_USERNAME, DEFAULT_ADMIN_PASSWORD } from './config.js';
import { AUTH_MIGRATIONS } from './migrations/index.js';

export interface BootstrapOptions {
  db: Knex;
  schema: string;
  hasher: PasswordHasher;
  log: Logger;
  /** Absent outside production: the documented default is used and flagged as such. */
  adminPassword: string | undefined;
}

/** Migrates, then makes the one admin account if it does not exist yet (never overwrites it). */
export async function prepareDatabase({ db, schema, hasher, log, adminPassword }: BootstrapOptions): Promise<void> {
  const applied = await migrateLatest(db, schema, AUTH_MIGRATIONS);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  const admins = new AdminRepository(db);
  // An existing account is left without an insert: even one that conflicts draws an id from the
  // sequence, so every start would change the database (a restored site would not equal its backup).
  if (await admins.findByUsername(ADMIN_USERNAME)) return;
  const password = adminPassword ?? DEFAULT_ADMIN_PASSWORD;
  const created = await admins.createIfAbsent({
    username: ADMIN_USERNAME,
    passwordHash: await hasher.hash(password),
    isDefaultPassword: password === DEFAULT_ADMIN_PASSWORD,
  });
  if (created) {
    log.info({ username: ADMIN_USERNAME, usingDefaultPassword: password === DEFAULT_ADMIN_PASSWORD }, 'admin account created');
  }
}

export function authPendingMigrations(db: Knex, schema: string): Promise<string[]> {
  return pendingMigrations(db, schema, AUTH_MIGRATIONS);
}
