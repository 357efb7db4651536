import type { Knex } from 'knex';

export const name = '20261127100000_flash_revision_restore';

/**
 * A 快訊 item's revisions can be restored like an article's: a revision keeps the 「完整報導」
 * article it named, and a restore is kept as a revision of its own kind, naming the revision it
 * came from.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('flash_revisions', (t) => {
    t.integer('article_id').nullable();
    t.bigInteger('restored_from').nullable();
  });
  await db.raw('alter table flash_revisions drop constraint flash_revisions_kind_check');
  await db.raw(`alter table flash_revisions add constraint flash_revisions_kind_check check (kind in ('save', 'conflict', 'restore'))`);
}

export async function down(db: Knex): Promise<void> {
  await db('flash_revisions').where('kind', 'restore').update({ kind: 'save' });
  await db.raw('alter table flash_revisions drop constraint flash_revisions_kind_check');
  await db.raw(`alter table flash_revisions add constraint flash_revisions_kind_check check (kind in ('save', 'conflict'))`);
  await db.schema.alterTable('flash_revisions', (t) => {
    t.dropColumn('restored_from');
    t.dropColumn('article_id');
  });
}
