import type { Knex } from 'knex';

export const name = '20260101000005_create_settings';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('settings', (t) => {
    t.smallint('id').primary();
    t.string('site_title', 100).notNullable().defaultTo('');
    t.string('site_description', 500).notNullable().defaultTo('');
    t.string('google_adsense_id', 64).notNullable().defaultTo('');
    t.text('header_ad_script').notNullable().defaultTo('');
    t.text('sidebar_ad_script').notNullable().defaultTo('');
    t.text('footer_ad_script').notNullable().defaultTo('');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw('alter table settings add constraint settings_single_row check (id = 1)');
  await db('settings').insert({ id: 1, site_title: '幣圈新手誌', site_description: '幫助更多新手快速掌握最新的加密貨幣趨勢與資訊' });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('settings');
}
