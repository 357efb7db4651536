import type { Knex } from 'knex';

export const name = '20261127000100_wordpress_import_confirmed_by';

/**
 * The admin who confirmed (or resumed) an import: its images are uploaded under service grants
 * naming them (service-kit service-grant.ts), so the upload audit says who started the work
 * however long after their token expired. Jobs confirmed before it have none: the resuming admin
 * is named.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('wordpress_imports', (t) => {
    t.string('confirmed_by', 100).nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('wordpress_imports', (t) => {
    t.dropColumn('confirmed_by');
  });
}
