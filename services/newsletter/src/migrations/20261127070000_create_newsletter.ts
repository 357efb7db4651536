import type { Knex } from 'knex';
import type { NamedMigration } from '@coinmag/service-kit/database';

export const createNewsletter: NamedMigration = {
  name: '20261127070000_create_newsletter',
  async up(db: Knex) {
    await db.schema.createTable('subscribers', (table) => {
      table.bigIncrements('id').primary();
      // Lower-cased; the only column that holds the address (besides the mailbox's copies), gone with the row.
      table.string('email', 254).notNullable().unique();
      // pending (not yet confirmed: nothing but the confirmation is ever sent), confirmed, unsubscribed, suppressed (a permanent failure).
      table.string('status', 20).notNullable();
      table.boolean('digest').notNullable().defaultTo(false);
      // Categories (content's ids) whose new articles are wanted.
      table.specificType('category_ids', 'integer[]').notNullable().defaultTo('{}');
      // Part of every signed link; bumped on unsubscribing, which makes every earlier link unusable.
      table.integer('link_version').notNullable().defaultTo(1);
      table.timestamp('confirmation_sent_at', { useTz: true });
      table.timestamp('confirmed_at', { useTz: true });
      table.timestamp('unsubscribed_at', { useTz: true });
      table.timestamp('suppressed_at', { useTz: true });
      table.string('suppressed_reason', 300);
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.index(['status', 'id']);
    });
    await db.schema.createTable('campaigns', (table) => {
      table.bigIncrements('id').primary();
      // digest or article.
      table.string('kind', 20).notNullable();
      // article:<id> — an article is announced once whatever is clicked twice.
      table.string('unique_key', 100).unique();
      // draft, waiting (an article not yet public), scheduled, sending, sent, cancelled.
      table.string('state', 20).notNullable().defaultTo('draft');
      table.string('subject', 200).notNullable();
      table.text('intro').notNullable().defaultTo('');
      // [{ title, url, excerpt, image, category }] as the email lists them.
      table.jsonb('articles').notNullable().defaultTo('[]');
      // The audience: the digest's subscribers, or one category's.
      table.integer('category_id');
      table.integer('article_id');
      table.string('article_slug', 200);
      table.timestamp('scheduled_at', { useTz: true });
      table.timestamp('started_at', { useTz: true });
      table.timestamp('finished_at', { useTz: true });
      table.integer('total').notNullable().defaultTo(0);
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.index(['state']);
    });
    // The outbox: one row per email to send, claimed with a lease (next_attempt_at moved past it).
    await db.schema.createTable('deliveries', (table) => {
      table.bigIncrements('id').primary();
      // campaign, confirm (double opt-in) or test (to the admin's own address).
      table.string('kind', 20).notNullable();
      // 0: a confirmation or a test (never waits behind a campaign), 1: a campaign's.
      table.smallint('priority').notNullable().defaultTo(1);
      table.bigInteger('campaign_id').references('id').inTable('campaigns').onDelete('CASCADE');
      table.bigInteger('subscriber_id').references('id').inTable('subscribers').onDelete('CASCADE');
      // Only for a test send (no subscriber row).
      table.string('test_address', 254);
      // pending, sent, failed (permanent, or retried for a day), cancelled (unsubscribed meanwhile).
      table.string('status', 20).notNullable().defaultTo('pending');
      table.integer('attempts').notNullable().defaultTo(0);
      table.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      // The claim's owner: only it may record the answer.
      table.uuid('lease_owner');
      table.string('last_error', 300);
      table.string('smtp_response', 300);
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.timestamp('sent_at', { useTz: true });
    });
    await db.raw('create unique index deliveries_once on deliveries (campaign_id, subscriber_id) where campaign_id is not null and subscriber_id is not null');
    await db.raw(`create index deliveries_due on deliveries (priority, next_attempt_at, id) where status = 'pending'`);
    await db.raw('create index deliveries_campaign_status on deliveries (campaign_id, status)');
    await db.raw('create index deliveries_subscriber on deliveries (subscriber_id)');
    // The local mailbox (寄件匣): what would have been sent when no SMTP relay is configured.
    await db.schema.createTable('mailbox_messages', (table) => {
      table.bigIncrements('id').primary();
      table.bigInteger('delivery_id').unique();
      table.bigInteger('subscriber_id').references('id').inTable('subscribers').onDelete('CASCADE');
      table.string('recipient', 254).notNullable();
      table.string('subject', 300).notNullable();
      table.text('text').notNullable();
      table.text('html').notNullable();
      table.jsonb('headers').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      table.index(['recipient']);
    });
    // Fixed-window counters of the subscribe form, keyed by a hash of the client address.
    await db.schema.createTable('subscribe_limits', (table) => {
      table.string('key', 64).primary();
      table.timestamp('window_start', { useTz: true }).notNullable();
      table.integer('count').notNullable();
    });
    // The sending rate shared by every replica (a token bucket in one row).
    await db.schema.createTable('send_budget', (table) => {
      table.integer('id').primary();
      table.double('tokens').notNullable();
      table.timestamp('refreshed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db('send_budget').insert({ id: 1, tokens: 0 });
  },
  async down(db: Knex) {
    for (const name of ['send_budget', 'subscribe_limits', 'mailbox_messages', 'deliveries', 'campaigns', 'subscribers']) await db.schema.dropTableIfExists(name);
  },
};
