import type { Knex } from 'knex';
import type { RedirectTargetKind } from '@coinmag/contracts';
import { ConflictError } from '@coinmag/service-kit';

/** A manual redirect with what its target is now (null fields: the target is gone or not public). */
export interface ManualRedirectRow {
  id: number;
  from_path: string;
  target_kind: RedirectTargetKind;
  article_id: number | null;
  category_id: number | null;
  tag_key: string | null;
  article_slug: string | null;
  article_title: string | null;
  article_public: boolean | null;
  category_slug: string | null;
  category_name: string | null;
  category_active: boolean | null;
  hits: number;
}

export interface RedirectWrite {
  from_path: string;
  target_kind: RedirectTargetKind;
  article_id: number | null;
  category_id: number | null;
  tag_key: string | null;
}

/** Redirects the admin made, old slugs and imported WordPress links, and the hits of each path; Knex only. */
export class RedirectsRepository {
  constructor(private readonly db: Knex) {}

  private manual(now: Date) {
    return this.db('redirects as r')
      .leftJoin('articles as a', 'a.id', 'r.article_id')
      .leftJoin('categories as c', 'c.id', 'r.category_id')
      .leftJoin('redirect_hits as h', 'h.path', 'r.from_path')
      .select(
        'r.id', 'r.from_path', 'r.target_kind', 'r.article_id', 'r.category_id', 'r.tag_key',
        'a.slug as article_slug', 'a.title as article_title', 'c.slug as category_slug', 'c.name as category_name', 'c.is_active as category_active',
        this.db.raw(`(a.status = 'published' and a.published_at <= ?) as article_public`, [now]),
        this.db.raw('coalesce(h.hits, 0)::bigint as hits'),
      );
  }

  async byPath(fromPath: string, now: Date): Promise<ManualRedirectRow | undefined> {
    const row = await this.manual(now).where('r.from_path', fromPath).first();
    return row ? { ...row, hits: Number(row.hits) } : undefined;
  }

  async byId(id: number, now: Date): Promise<ManualRedirectRow | undefined> {
    const row = await this.manual(now).where('r.id', id).first();
    return row ? { ...row, hits: Number(row.hits) } : undefined;
  }

  async listManual(now: Date): Promise<ManualRedirectRow[]> {
    return (await this.manual(now).orderBy('r.id', 'desc').limit(5000)).map((row) => ({ ...row, hits: Number(row.hits) }));
  }

  /** Old article and category slugs whose row still lives (the live slug wins over a history row). */
  async slugHistory(): Promise<Array<{ kind: 'article' | 'category'; old_slug: string; slug: string; label: string; hits: number }>> {
    const articles = await this.db('article_slug_history as s')
      .join('articles as a', 'a.id', 's.article_id')
      .leftJoin('redirect_hits as h', (on) => on.on('h.path', '=', this.db.raw(`'/article/' || s.old_slug`)))
      .select('s.old_slug', 'a.slug', 'a.title as label', this.db.raw('coalesce(h.hits, 0)::bigint as hits'))
      .limit(5000);
    const categories = await this.db('category_slug_history as s')
      .join('categories as c', 'c.id', 's.category_id')
      .leftJoin('redirect_hits as h', (on) => on.on('h.path', '=', this.db.raw(`'/category/' || s.old_slug`)))
      .select('s.old_slug', 'c.slug', 'c.name as label', this.db.raw('coalesce(h.hits, 0)::bigint as hits'))
      .limit(5000);
    return [
      ...articles.map((row) => ({ kind: 'article' as const, old_slug: row.old_slug, slug: row.slug, label: row.label, hits: Number(row.hits) })),
      ...categories.map((row) => ({ kind: 'category' as const, old_slug: row.old_slug, slug: row.slug, label: row.label, hits: Number(row.hits) })),
    ];
  }

  /** The imported WordPress posts' old links and the articles they became. */
  async wordpressLinks(): Promise<Array<{ wp_link: string; slug: string; label: string }>> {
    return this.db('wordpress_sources as w').join('articles as a', 'a.id', 'w.article_id').select('w.wp_link', 'a.slug', 'a.title as label').orderBy('w.id').limit(5000);
  }

  async hitsOf(paths: string[]): Promise<Map<string, number>> {
    if (paths.length === 0) return new Map();
    const rows = await this.db('redirect_hits').whereIn('path', paths).select('path', 'hits');
    return new Map(rows.map((row) => [row.path as string, Number(row.hits)]));
  }

  /** Adds the gateways' counts of answered redirects, one statement. */
  async addHits(hits: Array<{ path: string; count: number }>): Promise<void> {
    if (hits.length === 0) return;
    await this.db.raw(
      `insert into redirect_hits (path, hits) select h.path, h.count from jsonb_to_recordset(?::jsonb) as h(path text, count bigint)
       on conflict (path) do update set hits = redirect_hits.hits + excluded.hits`,
      [JSON.stringify(hits)],
    );
  }

  async insert(write: RedirectWrite): Promise<number> {
    try {
      const [row] = await this.db('redirects').insert(write).returning('id');
      return row.id as number;
    } catch (err) {
      throw uniquePath(err);
    }
  }

  async update(id: number, write: RedirectWrite): Promise<boolean> {
    try {
      return (await this.db('redirects').where({ id }).update({ ...write, updated_at: this.db.fn.now() })) > 0;
    } catch (err) {
      throw uniquePath(err);
    }
  }

  async delete(id: number): Promise<string | undefined> {
    const [row] = await this.db('redirects').where({ id }).delete().returning('from_path');
    return row?.from_path as string | undefined;
  }

  /** Whether a path is a live page's own: an article's or a category's slug, or a tag a public article carries. */
  async livePath(kind: 'article' | 'category' | 'tag', key: string): Promise<boolean> {
    if (kind === 'article') return Boolean(await this.db('articles').where({ slug: key }).first('id'));
    if (kind === 'category') return Boolean(await this.db('categories').where({ slug: key }).first('id'));
    return Boolean(await this.db('tags').where({ key }).first('id'));
  }

  async targetExists(kind: RedirectTargetKind, id: number | null, key: string | null): Promise<{ slug?: string; key?: string } | undefined> {
    if (kind === 'article') return (await this.db('articles').where({ id }).first('slug')) as { slug: string } | undefined;
    if (kind === 'category') return (await this.db('categories').where({ id }).first('slug')) as { slug: string } | undefined;
    return (await this.db('tags').where({ key }).first('key')) as { key: string } | undefined;
  }

  async searchTargets(term: string, limit: number): Promise<{
    articles: Array<{ id: number; title: string; slug: string }>;
    categories: Array<{ id: number; name: string; slug: string }>;
    tags: Array<{ key: string; name: string }>;
  }> {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [articles, categories, tags] = await Promise.all([
      this.db('articles').where((q) => q.whereILike('title', like).orWhereILike('slug', like)).orderBy('published_at', 'desc').limit(limit).select('id', 'title', 'slug'),
      this.db('categories').where((q) => q.whereILike('name', like).orWhereILike('slug', like)).orderBy('sort_order').limit(limit).select('id', 'name', 'slug'),
      this.db('tags').where((q) => q.whereILike('name', like).orWhereILike('key', like)).orderBy('name').limit(limit).select('key', 'name'),
    ]);
    return { articles, categories, tags };
  }
}

function uniquePath(err: unknown): unknown {
  return (err as { code?: string }).code === '23505' ? new ConflictError('這個網址已經有轉址') : err;
}
