import type { Knex } from 'knex';

export const name = '20261122230000_audit_request_id';

export async function up(db: Knex): Promise<void> {
  // Set by entries another service sends (uploads, from media): its retries of one request
  // carry the same id, so a retry after a lost answer adds nothing.
  await db.schema.alterTable('audit_events', (t) => {
    t.string('request_id', 100).nullable().unique();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('audit_events', (t) => {
    t.dropColumn('request_id');
  });
}
