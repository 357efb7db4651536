import type { Knex } from 'knex';

export const name = '20261125060000_create_outbox';

/**
 * Webhooks and IndexNow (docs/product.md §11): the admin's endpoints, the outbox of deliveries
 * written in the transaction of the change they tell of (so a crash loses none and a scheduled
 * publication is told once), each attempt with its answer, and the site's IndexNow key.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('webhook_endpoints', (t) => {
    t.increments('id').primary();
    t.string('url', 2000).notNullable();
    t.string('secret', 200).notNullable();
    t.specificType('events', 'text[]').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.schema.createTable('outbox_messages', (t) => {
    t.bigIncrements('id').primary();
    /** 'webhook' (one row per endpoint) or 'indexnow'. */
    t.string('channel', 20).notNullable();
    t.integer('endpoint_id').references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    t.string('event', 40).notNullable();
    t.jsonb('payload').notNullable();
    /** pending, delivered or failed (gave up after the retry window). */
    t.string('status', 20).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    /** When it may be sent next; a claim moves it past the send's deadline (a crash mid-send retries then). */
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['endpoint_id', 'id']);
  });
  await db.raw(`create index outbox_messages_due on outbox_messages (next_attempt_at) where status = 'pending'`);
  await db.schema.createTable('outbox_attempts', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('message_id').notNullable().references('id').inTable('outbox_messages').onDelete('CASCADE');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    /** The receiver's HTTP status; null when none came (refused, timed out, blocked address). */
    t.integer('status_code');
    t.string('error', 300).notNullable().defaultTo('');
    t.integer('duration_ms').notNullable();
    t.index(['message_id', 'id']);
  });
  await db.schema.alterTable('settings', (t) => {
    t.string('indexnow_key', 128).notNullable().defaultTo('');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('settings', (t) => t.dropColumn('indexnow_key'));
  await db.schema.dropTable('outbox_attempts');
  await db.schema.dropTable('outbox_messages');
  await db.schema.dropTable('webhook_endpoints');
}
