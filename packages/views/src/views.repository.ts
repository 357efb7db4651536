import type { Knex } from 'knex';
import { parseBucketField, type BucketCounts } from './view-buckets.js';
import type { ViewCounts } from './view-tally.js';

export type { ViewCounts };

type Db = Knex | Knex.Transaction;

/** Adds views to their hourly buckets (an article deleted meanwhile takes its buckets with it); malformed fields are skipped. */
async function addToBuckets(db: Db, buckets: ReadonlyMap<string, number>): Promise<void> {
  const hours: number[] = [];
  const ids: number[] = [];
  const kinds: string[] = [];
  const hosts: string[] = [];
  const devices: string[] = [];
  const views: number[] = [];
  for (const [field, count] of buckets) {
    const bucket = parseBucketField(field);
    if (!bucket || count <= 0) continue;
    hours.push(bucket.hour);
    ids.push(bucket.articleId);
    kinds.push(bucket.kind);
    hosts.push(bucket.host);
    devices.push(bucket.device);
    views.push(count);
  }
  if (views.length === 0) return;
  // Rows taken in one order by every flush (no two flushes wait on each other in a circle). Real views
  // go to real rows (`demo` false, part of the key): the demo seed's row of the same bucket keeps its
  // figure and its mark, so deleting demo rows takes no counted view and no demo view passes as real.
  await db.raw(
    `insert into view_hours (hour, article_id, source_kind, host, device, views)
     select to_timestamp(v.hour::bigint * 3600), v.id, v.kind, v.host, v.device, v.views
       from (select unnest(?::int[]) as hour, unnest(?::int[]) as id, unnest(?::text[]) as kind, unnest(?::text[]) as host,
                    unnest(?::text[]) as device, unnest(?::bigint[]) as views) v
       join articles a on a.id = v.id
      order by 1, 2, 3, 4, 5
     on conflict (hour, article_id, source_kind, host, device, demo)
       do update set views = view_hours.views + excluded.views`,
    [hours, ids, kinds, hosts, devices, views],
  );
}

/** The SQL of view counting: the stored figure, direct adds, and batches applied at most once. */
export class ViewsRepository {
  constructor(private readonly db: Knex) {}

  /** The public article a beacon names, with its stored figure. */
  async findPublic(slug: string, now: Date): Promise<{ id: number; view_count: number } | undefined> {
    return this.db('articles').where({ slug, status: 'published' }).where('published_at', '<=', now).first('id', 'view_count');
  }

  /** The public articles of these slugs, with their stored figures. */
  async findPublicMany(slugs: string[], now: Date): Promise<Array<{ id: number; slug: string; view_count: number }>> {
    return this.db('articles').whereIn('slug', slugs).where({ status: 'published' }).where('published_at', '<=', now).select('id', 'slug', 'view_count');
  }

  /** One view straight into Postgres, with its bucket, in one transaction. */
  async add(articleId: number, by: number, bucket: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('articles').where({ id: articleId }).increment('view_count', by);
      await addToBuckets(trx, new Map([[bucket, by]]));
    });
  }

  /**
   * Applies batch `batchId` so that, per article, what it has added in total is the largest
   * figure ever given for it: applied twice (by its process and by a recoverer, in any order,
   * even at once) it adds each view once; its buckets likewise, per bucket field, in the same
   * transaction. Returns the views added now.
   */
  async applyBatch(batchId: string, counts: ViewCounts, buckets: BucketCounts = new Map()): Promise<number> {
    if (counts.size === 0 && buckets.size === 0) return 0;
    return this.db.transaction(async (trx) => {
      await trx('view_flushes').insert({ id: batchId, counts: {} }).onConflict('id').ignore();
      const row: { counts: Record<string, number> | null } = await trx('view_flushes').where({ id: batchId }).forUpdate().first('counts');
      const applied = row.counts ?? {};
      const ids: number[] = [];
      const views: number[] = [];
      const merged = { ...applied };
      for (const [id, count] of counts) {
        const before = applied[String(id)] ?? 0;
        if (count <= before) continue;
        ids.push(id);
        views.push(count - before);
        merged[String(id)] = count;
      }
      const bucketViews: BucketCounts = new Map();
      for (const [field, count] of buckets) {
        const before = applied[field] ?? 0;
        if (count <= before) continue;
        bucketViews.set(field, count - before);
        merged[field] = count;
      }
      if (ids.length === 0 && bucketViews.size === 0) return 0;
      await addToBuckets(trx, bucketViews);
      if (ids.length > 0) {
        await trx.raw(
          `update articles a set view_count = a.view_count + v.views
             from (select unnest(?::int[]) as id, unnest(?::bigint[]) as views) v
            where a.id = v.id`,
          [ids, views],
        );
      }
      await trx('view_flushes').where({ id: batchId }).update({ counts: merged });
      return views.reduce((sum, n) => sum + n, 0);
    });
  }

  /**
   * Moves the hourly buckets before `before` into their Taipei days (summed per article, source,
   * host and device) in one statement: a row is either still hourly or in its day, never both or
   * neither. Returns the hourly rows moved.
   */
  async rollUpHours(before: Date): Promise<number> {
    const { rows } = await this.db.raw(
      `with moved as (delete from view_hours where hour < ? returning *),
            days as (
              insert into view_days (day, article_id, source_kind, host, device, views, demo)
              select (hour at time zone 'Asia/Taipei')::date, article_id, source_kind, host, device, sum(views), demo
                from moved group by 1, 2, 3, 4, 5, 7 order by 1, 2, 3, 4, 5, 7
              on conflict (day, article_id, source_kind, host, device, demo)
                do update set views = view_days.views + excluded.views
              returning 1)
       select (select count(*) from moved)::int as moved, (select count(*) from days)::int as days`,
      [before],
    );
    return (rows as Array<{ moved: number }>)[0]!.moved;
  }

  /** Forgets batch records older than a day (a batch never lives that long). */
  async pruneBatches(now: Date): Promise<void> {
    await this.db('view_flushes').where('applied_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000)).delete();
  }
}
