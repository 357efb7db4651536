import type { Knex } from 'knex';

/**
 * Copies the published demo articles until there are `target` articles: same bodies and
 * search data, new slugs and titles, publication times spread over two years.
 */
export async function scaleArticles(db: Knex, target: number): Promise<number> {
  const { rows } = await db.raw('select count(*)::int as n from content.articles');
  const missing = target - rows[0].n;
  if (missing <= 0) return rows[0].n;
  // The gram indexes take entries straight into their trees (no pending list, see the content
  // migrations): a bulk copy is faster with the pending list on, merged into the trees after.
  const ginIndexes = ['content.articles_search_grams_idx', 'content.articles_title_grams_idx'];
  for (const index of ginIndexes) await db.raw(`alter index ${index} set (fastupdate = on)`);
  // The content schema's triggers name their tables without the schema, as the service's connections do.
  await db.transaction(async (trx) => {
    await trx.raw('set local search_path to content, public');
    await trx.raw(
    `insert into content.articles (title, slug, content, excerpt, category_id, status, is_featured, is_popular, is_carousel,
        meta_title, meta_description, featured_image, view_count, toc, content_text, search_text, search_grams,
        title_text, title_grams, published_at)
     select a.title || '（第 ' || g || ' 期）', a.slug || '-' || g, a.content, a.excerpt, a.category_id, 'published', false, false, false,
        a.meta_title, a.meta_description, a.featured_image, (g * 37) % 5000, a.toc, a.content_text, a.search_text, a.search_grams,
        a.title_text || '(第 ' || g || ' 期)', a.title_grams || '{第,期}'::text[],
        now() - (g || ' hours')::interval
       from generate_series(1, ?) g
       join lateral (select * from content.articles where status = 'published' order by id offset (g % 30) limit 1) a on true`,
    [missing],
    );
  });
  for (const index of ginIndexes) {
    await db.raw(`alter index ${index} set (fastupdate = off)`);
    await db.raw('select gin_clean_pending_list(?::regclass)', [index]);
  }
  await db.raw('analyze content.articles');
  const after = await db.raw('select count(*)::int as n from content.articles');
  return after.rows[0].n;
}
