import type { Knex } from 'knex';

/**
 * The audit table each service keeps in its own schema. Rows are only ever added (a trigger
 * refuses UPDATE); the retention job is the one thing that deletes, and only old rows.
 */
export async function createAuditTable(db: Knex): Promise<void> {
  await db.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id').primary();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.string('action', 40).notNullable();
    t.string('actor', 100).notNullable();
    t.string('ip', 64).nullable();
    t.integer('subject_id').nullable();
    t.string('summary', 300).notNullable().defaultTo('');
    t.index(['at']);
    t.index(['action', 'at']);
  });
  await db.raw(`create function audit_events_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit_events is append-only'; end $$`);
  await db.raw('create trigger audit_events_no_update before update on audit_events for each row execute function audit_events_append_only()');
}

export async function dropAuditTable(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('audit_events');
  await db.raw('drop function if exists audit_events_append_only()');
}
