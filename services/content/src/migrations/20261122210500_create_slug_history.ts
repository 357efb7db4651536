import type { Knex } from 'knex';

export const name = '20261122210500_create_slug_history';

/**
 * Old slugs of articles and categories, so an old URL answers 301 to the new one. Triggers
 * record every slug change whatever code path writes it; a slug taken again by any row stops
 * redirecting (the live row wins), and deleting the row deletes its history.
 */
export async function up(db: Knex): Promise<void> {
  for (const [table, history, fk] of [['articles', 'article_slug_history', 'article_id'], ['categories', 'category_slug_history', 'category_id']] as const) {
    await db.schema.createTable(history, (t) => {
      t.string('old_slug', 120).primary();
      t.integer(fk).notNullable().references('id').inTable(table).onDelete('CASCADE');
      t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.index([fk]);
    });
    await db.raw(`
      create function ${history}_record() returns trigger language plpgsql as $$
      begin
        delete from ${history} where old_slug = new.slug;
        if tg_op = 'UPDATE' and old.slug is distinct from new.slug then
          insert into ${history} (old_slug, ${fk}) values (old.slug, new.id)
          on conflict (old_slug) do update set ${fk} = excluded.${fk}, changed_at = now();
        end if;
        return new;
      end $$`);
    await db.raw(`create trigger ${history}_trigger after insert or update of slug on ${table} for each row execute function ${history}_record()`);
  }
}

export async function down(db: Knex): Promise<void> {
  for (const [table, history] of [['articles', 'article_slug_history'], ['categories', 'category_slug_history']] as const) {
    await db.raw(`drop trigger if exists ${history}_trigger on ${table}`);
    await db.raw(`drop function if exists ${history}_record()`);
    await db.schema.dropTableIfExists(history);
  }
}
