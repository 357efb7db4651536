import type { Knex } from 'knex';

export const name = '20261127130000_wordpress_image_grants';

/**
 * The service grants the WordPress image import issued (wordpress-image-grants.ts): the upload
 * audit redeems a grant only if it is here, for a job still running, confirmed by the admin it
 * names, for the file it names, and not yet redeemed by another upload. A grant lives minutes;
 * rows go with their import and are pruned once expired.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('wordpress_image_grants', (t) => {
    t.string('id', 64).primary();
    t.integer('import_id').notNullable().references('id').inTable('wordpress_imports').onDelete('CASCADE');
    t.string('actor', 100).notNullable();
    t.string('digest', 64).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    /** The upload that redeemed it (its retries carry the same request id). */
    t.string('request_id', 200).nullable();
    t.index(['expires_at']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('wordpress_image_grants');
}
