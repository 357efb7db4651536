import type { Knex } from 'knex';
import type { ViewCounts } from './view-tally.js';

export type { ViewCounts };

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

  async add(articleId: number, by: number): Promise<void> {
    await this.db('articles').where({ id: articleId }).increment('view_count', by);
  }

  /**
   * Applies batch `batchId` so that, per article, what it has added in total is the largest
   * figure ever given for it: applied twice (by its process and by a recoverer, in any order,
   * even at once) it adds each view once. Returns the views added now.
   */
  async applyBatch(batchId: string, counts: ViewCounts): Promise<number> {
    if (counts.size === 0) return 0;
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
      if (ids.length === 0) return 0;
      await trx.raw(
        `update articles a set view_count = a.view_count + v.views
           from (select unnest(?::int[]) as id, unnest(?::bigint[]) as views) v
          where a.id = v.id`,
        [ids, views],
      );
      await trx('view_flushes').where({ id: batchId }).update({ counts: merged });
      return views.reduce((sum, n) => sum + n, 0);
    });
  }

  /** Forgets batch records older than a day (a batch never lives that long). */
  async pruneBatches(now: Date): Promise<void> {
    await this.db('view_flushes').where('applied_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000)).delete();
  }
}
