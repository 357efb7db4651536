import type { Knex } from 'knex';
import { createAuditTable, dropAuditTable } from '@coinmag/audit';

export const name = '20261122205500_create_audit_events';

export async function up(db: Knex): Promise<void> {
  await createAuditTable(db);
}

export async function down(db: Knex): Promise<void> {
  await dropAuditTable(db);
}
