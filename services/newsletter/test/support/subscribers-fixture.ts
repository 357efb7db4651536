import type { Knex } from 'knex';

/** `count` confirmed subscribers of the digest (and of category 1), in one statement: subscriber{n}@example.com. */
export async function addConfirmed(db: Knex, count: number, from = 1): Promise<void> {
  await db.raw(
    `insert into subscribers (email, status, digest, category_ids, confirmed_at)
     select 'subscriber' || n || '@example.com', 'confirmed', true, '{1}', now() from generate_series(?::int, ?::int) n`,
    [from, from + count - 1],
  );
}
