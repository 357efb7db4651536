import type { Knex } from 'knex';

export const name = '20260101000002_create_articles';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('articles', (t) => {
    t.increments('id').primary();
    t.string('title', 200).notNullable();
    t.string('slug', 120).notNullable().unique();
    t.text('content').notNullable();
    t.text('excerpt').notNullable().defaultTo('');
    t.integer('category_id').nullable().references('id').inTable('categories').onDelete('RESTRICT');
    t.string('status', 16).notNullable().defaultTo('draft');
    t.boolean('is_featured').notNullable().defaultTo(false);
    t.boolean('is_popular').notNullable().defaultTo(false);
    t.boolean('is_carousel').notNullable().defaultTo(false);
    t.integer('carousel_order').nullable();
    t.string('meta_title', 200).notNullable().defaultTo('');
    t.string('meta_description', 500).notNullable().defaultTo('');
    t.text('featured_image').nullable();
    t.bigInteger('view_count').notNullable().defaultTo(0);
    t.jsonb('toc').notNullable().defaultTo('[]');
    t.text('content_text').notNullable().defaultTo('');
    t.timestamp('published_at', { useTz: true }).nullable();
    t.timestamps(true, true);
  });
  await db.raw(`alter table articles
    add constraint articles_status_check check (status in ('draft', 'published', 'scheduled')),
    add constraint articles_recommendation_check check (not (is_featured and is_popular)),
    add constraint articles_carousel_order_check check (carousel_order is null or carousel_order between 1 and 10)`);
  // Public lists all filter on visibility and sort by published_at.
  await db.raw(`create index articles_public_idx on articles (published_at desc, id desc) where status = 'published'`);
  await db.raw(`create index articles_category_public_idx on articles (category_id, published_at desc) where status = 'published'`);
  await db.raw(`create index articles_featured_idx on articles (published_at desc) where status = 'published' and is_featured`);
  await db.raw(`create index articles_popular_idx on articles (view_count desc) where status = 'published'`);
  await db.raw(`create index articles_carousel_idx on articles (carousel_order, published_at desc) where status = 'published' and is_carousel`);
  await db.raw(`create index articles_scheduled_idx on articles (published_at) where status = 'scheduled'`);
  await db.raw(`create index articles_updated_idx on articles (updated_at desc)`);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('articles');
}
