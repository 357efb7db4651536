import type { Knex } from 'knex';
import type { ViewDevice, ViewSourceKind } from '@coinmag/contracts';
import type { BucketRange } from './view-ranges.js';

/**
 * Reads the view buckets (Knex only). An hour is in `view_hours` for its first 90 days, then its
 * Taipei day is in `view_days` (the hours are summed into it and deleted), so a range's views are
 * its hours in `view_hours` plus its days in `view_days`; an hourly range reads hours only.
 */
export class ViewNumbersRepository {
  constructor(private readonly db: Knex) {}

  /** The rows of the range (optionally of one article), as one subquery with its bindings. */
  private rows(range: BucketRange, articleId?: number): { sql: string; bindings: Knex.RawBinding[] } {
    const bucket = range.granularity === 'hour'
      ? `to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`
      : `to_char(hour at time zone 'Asia/Taipei', '${range.granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}')`;
    const article = articleId === undefined ? '' : ' and article_id = ?';
    const hours = `select ${bucket} as at, article_id, source_kind, host, device, views, demo from view_hours where hour >= ? and hour < ?${article}`;
    const hourBindings: Knex.RawBinding[] = articleId === undefined ? [range.from, range.to] : [range.from, range.to, articleId];
    if (range.granularity === 'hour') return { sql: hours, bindings: hourBindings };
    const dayFormat = range.granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const days = `select to_char(day, '${dayFormat}') as at, article_id, source_kind, host, device, views, demo from view_days
      where day >= (?::timestamptz at time zone 'Asia/Taipei')::date and day < (?::timestamptz at time zone 'Asia/Taipei')::date${article}`;
    return { sql: `${hours} union all ${days}`, bindings: [...hourBindings, ...hourBindings] };
  }

  /** Views per bucket (only buckets with views), and whether any of them is demo data. */
  async series(range: BucketRange, articleId?: number): Promise<{ points: Map<string, number>; demo: boolean }> {
    const { sql, bindings } = this.rows(range, articleId);
    const result = await this.db.raw(`select at, sum(views)::bigint as views, bool_or(demo) as demo from (${sql}) b group by at`, bindings);
    const rows = result.rows as Array<{ at: string; views: string; demo: boolean }>;
    return { points: new Map(rows.map((row) => [row.at, Number(row.views)])), demo: rows.some((row) => row.demo) };
  }

  /** The range's most viewed articles (most first, then by id), with their titles. */
  async topArticles(range: BucketRange, limit: number): Promise<Array<{ id: number; title: string; slug: string; views: number }>> {
    const { sql, bindings } = this.rows(range);
    const result = await this.db.raw(
      `select a.id, a.title, a.slug, t.views from (select article_id, sum(views)::bigint as views from (${sql}) b group by article_id) t
       join articles a on a.id = t.article_id where t.views > 0 order by t.views desc, a.id asc limit ?`,
      [...bindings, limit],
    );
    return (result.rows as Array<{ id: number; title: string; slug: string; views: string }>).map((row) => ({ ...row, views: Number(row.views) }));
  }

  /** Views per article and bucket for the given articles. */
  async articleSeries(range: BucketRange, articleIds: number[]): Promise<Array<{ articleId: number; at: string; views: number }>> {
    if (articleIds.length === 0) return [];
    const { sql, bindings } = this.rows(range);
    const result = await this.db.raw(
      `select article_id, at, sum(views)::bigint as views from (${sql}) b where article_id = any(?::int[]) group by article_id, at`,
      [...bindings, articleIds],
    );
    return (result.rows as Array<{ article_id: number; at: string; views: string }>).map((row) => ({ articleId: row.article_id, at: row.at, views: Number(row.views) }));
  }

  async sources(range: BucketRange, articleId?: number): Promise<Array<{ kind: ViewSourceKind; host: string; views: number }>> {
    const { sql, bindings } = this.rows(range, articleId);
    const result = await this.db.raw(`select source_kind, host, sum(views)::bigint as views from (${sql}) b group by source_kind, host`, bindings);
    return (result.rows as Array<{ source_kind: ViewSourceKind; host: string; views: string }>).map((row) => ({ kind: row.source_kind, host: row.host, views: Number(row.views) }));
  }

  async devices(range: BucketRange, articleId?: number): Promise<Array<{ device: ViewDevice; views: number }>> {
    const { sql, bindings } = this.rows(range, articleId);
    const result = await this.db.raw(`select device, sum(views)::bigint as views from (${sql}) b group by device`, bindings);
    return (result.rows as Array<{ device: ViewDevice; views: string }>).map((row) => ({ device: row.device, views: Number(row.views) }));
  }

  async article(id: number): Promise<{ id: number; title: string; slug: string; status: string; published_at: Date | null; created_at: Date } | undefined> {
    return this.db('articles').where({ id }).first('id', 'title', 'slug', 'status', 'published_at', 'created_at');
  }
}
