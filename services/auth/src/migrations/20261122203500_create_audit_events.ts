import type { Knex } from 'knex';
import { type NamedMigration } from '@coinmag/service-kit/database';
import { createAuditTable, dropAuditTable } from '@coinmag/audit';

/** Sign-in, sign-out and password changes: this service's part of the back office's log. */
export const createAuditEvents: NamedMigration = {
  name: '20261122203500_create_audit_events',
  up: (db: Knex) => createAuditTable(db),
  down: (db: Knex) => dropAuditTable(db),
};
