import type { Knex } from 'knex';
import { tagKey } from '@coinmag/rules';

/**
 * The rows of the tags `names` (spellings as typed), made when missing: one tags table for
 * articles and flash items, so a tag page gathers both (docs/product.md §2 Tag page).
 */
export async function tagIdsFor(trx: Knex.Transaction, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  await trx('tags').insert(names.map((name) => ({ name, key: tagKey(name) }))).onConflict('name').ignore();
  const rows: Array<{ id: number; name: string }> = await trx('tags').whereIn('name', names).select('id', 'name');
  return new Map(rows.map((row) => [row.name, row.id]));
}
