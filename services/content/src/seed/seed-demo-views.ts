import type { Knex } from 'knex';
import { DEMO_ARTICLES } from './demo-articles.js';
import { demoViewHistory } from './demo-view-history.js';

/** Rows per insert statement. */
const CHUNK = 2_000;

/**
 * Writes the demo's view history (demo = true; each public demo article's hours since its
 * publication, at most 90 days: the month the dashboard shows and more) once:
 * a database that holds any demo bucket already (hourly, or rolled into days) is left alone. Each
 * article's history is scaled to its view count, so its chart and its 瀏覽數 agree.
 */
export async function seedDemoViews(db: Knex, now = new Date()): Promise<{ rows: number; views: number } | null> {
  const any = await db.raw('select exists (select 1 from view_hours where demo) or exists (select 1 from view_days where demo) as any');
  if (any.rows[0].any) return null;
  const articles: Array<{ id: number; slug: string; published_at: Date; view_count: number }> = await db('articles')
    .whereIn('slug', DEMO_ARTICLES.map((article) => article.slug))
    .where('status', 'published')
    .where('published_at', '<=', now)
    .select('id', 'slug', 'published_at', 'view_count');
  if (articles.length === 0) return null;
  const rows = demoViewHistory(articles.map((a) => ({ key: a.slug, id: a.id, publishedAt: a.published_at, lifetimeViews: Number(a.view_count) })), now);
  await db.transaction(async (trx) => {
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK).map((row) => ({ hour: row.hour.toISOString(), article_id: row.articleId, source_kind: row.sourceKind, host: row.host, device: row.device, views: row.views }));
      // Demo rows of their own (`demo` is part of the key): a real view counted before the seed keeps its row.
      await trx.raw(
        `insert into view_hours (hour, article_id, source_kind, host, device, views, demo)
         select r.hour, r.article_id, r.source_kind, r.host, r.device, r.views, true
         from jsonb_to_recordset(?::jsonb) as r(hour timestamptz, article_id int, source_kind text, host text, device text, views bigint)
         on conflict do nothing`,
        [JSON.stringify(chunk)],
      );
    }
  });
  return { rows: rows.length, views: rows.reduce((sum, row) => sum + row.views, 0) };
}
