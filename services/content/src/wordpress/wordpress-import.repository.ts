import type { Knex } from 'knex';
import type { WordPressDryRun, WordPressImportItem, WordPressImportStatus, WordPressProgress } from '@coinmag/contracts';

export interface ImportRow {
  id: number;
  status: WordPressImportStatus;
  filename: string;
  file_path: string;
  file_bytes: string | number;
  with_images: boolean;
  site: string;
  dry_run: WordPressDryRun | null;
  progress: WordPressProgress;
  error: string | null;
  /** The admin who confirmed (or last resumed) the job: its image uploads are audited under their name. */
  confirmed_by: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface SourceRow {
  site: string;
  wp_post_id: number;
  article_id: number;
  wp_link: string;
  wp_slug: string;
  source_hash: string;
  imported_version: number;
  images_complete: boolean;
  /** Which images the last import brought over (null before it was kept). */
  images_state: string | null;
}

export const EMPTY_PROGRESS: WordPressProgress = { total: 0, processed: 0, created: 0, updated: 0, unchanged: 0, conflicts: 0, failed: 0, images_fetched: 0, images_failed: 0 };

/** Rows of the WordPress import: jobs, their items, sources, old term slugs, images. Queries only. */
export class WordPressImportRepository {
  constructor(private readonly db: Knex) {}

  async createImport(row: { filename: string; file_path: string; file_bytes: number; with_images: boolean }): Promise<number> {
    const [created] = await this.db('wordpress_imports').insert({ ...row, status: 'analysing', progress: JSON.stringify(EMPTY_PROGRESS) }).returning('id');
    return created.id;
  }

  findImport(id: number): Promise<ImportRow | undefined> {
    return this.db('wordpress_imports').where({ id }).first();
  }

  latestImport(): Promise<ImportRow | undefined> {
    return this.db('wordpress_imports').orderBy('id', 'desc').first();
  }

  /** Deletes a job that has not started; false when it had (a confirm got there first). */
  async deleteReadyImport(id: number): Promise<boolean> {
    return (await this.db('wordpress_imports').where({ id, status: 'ready' }).delete()) > 0;
  }

  async setDryRun(id: number, site: string, dryRun: WordPressDryRun): Promise<void> {
    await this.db('wordpress_imports').where({ id }).update({ status: 'ready', site, dry_run: JSON.stringify(dryRun) });
  }

  async fail(id: number, error: string): Promise<void> {
    await this.db('wordpress_imports').where({ id }).update({ status: 'failed', error, finished_at: this.db.fn.now(), heartbeat_at: null });
  }

  /**
   * Takes a job that may run (ready, paused, or running with a stale heartbeat); false when another
   * process has it. `actor`: the admin confirming or resuming it (kept; a takeover keeps the one before).
   */
  async claim(id: number, staleAfterMs: number, actor?: string): Promise<boolean> {
    const claimed = await this.db('wordpress_imports')
      .where({ id })
      .where((q) => q.whereIn('status', ['ready', 'paused']).orWhere((r) => r.where('status', 'running').where((s) => s.whereNull('heartbeat_at').orWhere('heartbeat_at', '<', new Date(Date.now() - staleAfterMs)))))
      .update({ status: 'running', started_at: this.db.raw('coalesce(started_at, now())'), heartbeat_at: this.db.fn.now(), error: null, ...(actor ? { confirmed_by: actor.slice(0, 100) } : {}) })
      .returning('id');
    return claimed.length === 1;
  }

  async saveProgress(id: number, progress: WordPressProgress): Promise<void> {
    await this.db('wordpress_imports').where({ id }).update({ progress: JSON.stringify(progress), heartbeat_at: this.db.fn.now() });
  }

  async setStatus(id: number, status: WordPressImportStatus, finished = false): Promise<void> {
    await this.db('wordpress_imports').where({ id }).update({ status, heartbeat_at: null, ...(finished ? { finished_at: this.db.fn.now() } : {}) });
  }

  /** Jobs a process was running when it stopped: nobody has written their heartbeat for a while. */
  async interrupted(staleAfterMs: number): Promise<ImportRow[]> {
    return this.db('wordpress_imports').where({ status: 'running' }).where((q) => q.whereNull('heartbeat_at').orWhere('heartbeat_at', '<', new Date(Date.now() - staleAfterMs)));
  }

  async heartbeat(id: number): Promise<void> {
    await this.db('wordpress_imports').where({ id, status: 'running' }).update({ heartbeat_at: this.db.fn.now() });
  }

  async itemOutcomes(importId: number): Promise<Set<number>> {
    const rows: { wp_post_id: number }[] = await this.db('wordpress_import_items').where({ import_id: importId }).select('wp_post_id');
    return new Set(rows.map((row) => row.wp_post_id));
  }

  async recordItem(importId: number, item: WordPressImportItem): Promise<void> {
    await this.db('wordpress_import_items')
      .insert({ import_id: importId, ...item, title: item.title.slice(0, 200) })
      .onConflict(['import_id', 'wp_post_id'])
      .merge();
  }

  /** Items that need the admin's eye: conflicts and failures, bounded. */
  async attention(importId: number, limit = 200): Promise<WordPressImportItem[]> {
    return this.db('wordpress_import_items')
      .where({ import_id: importId })
      .whereIn('outcome', ['conflict', 'failed'])
      .orWhere((q) => q.where({ import_id: importId }).whereNot('note', ''))
      .orderBy('wp_post_id')
      .limit(limit)
      .select('wp_post_id', 'title', 'outcome', 'article_id', 'note');
  }

  findSource(site: string, wpPostId: number): Promise<SourceRow | undefined> {
    return this.db('wordpress_sources').where({ site, wp_post_id: wpPostId }).first();
  }

  async saveSource(row: SourceRow, trx: Knex | Knex.Transaction = this.db): Promise<void> {
    await trx('wordpress_sources')
      .insert({ ...row, imported_at: trx.fn.now() })
      .onConflict(['site', 'wp_post_id'])
      .merge();
  }

  async articleVersion(articleId: number): Promise<number | undefined> {
    const row = await this.db('articles').where({ id: articleId }).first('version');
    return row?.version;
  }

  async slugTaken(slug: string, exceptArticleId?: number): Promise<boolean> {
    const query = this.db('articles').where({ slug });
    if (exceptArticleId !== undefined) query.whereNot('id', exceptArticleId);
    return Boolean(await query.first('id'));
  }

  /** The category with this slug (kept as it is), or a new one; its id. */
  async ensureCategory({ slug, name, description }: { slug: string; name: string; description: string }): Promise<number> {
    const category = { slug, name, description };
    const existing = await this.db('categories').where({ slug: category.slug }).first('id');
    if (existing) return existing.id;
    const top = await this.db('categories').max({ next: 'sort_order' }).first();
    const next = top?.next;
    const [created] = await this.db('categories')
      .insert({ ...category, is_active: true, show_in_header: false, show_in_footer: false, sort_order: Number(next ?? 0) + 1 })
      .onConflict('slug')
      .ignore()
      .returning('id');
    if (created) return created.id;
    return (await this.db('categories').where({ slug: category.slug }).first('id')).id;
  }

  async categoryIdBySlug(slug: string): Promise<number | null> {
    const row = await this.db('categories').where({ slug }).first('id');
    return row?.id ?? null;
  }

  async saveTerm(site: string, kind: 'category' | 'tag', wpSlug: string, target: string): Promise<void> {
    await this.db('wordpress_terms').insert({ site, kind, wp_slug: wpSlug, target }).onConflict(['site', 'kind', 'wp_slug']).merge();
  }

  findImage(sourceUrl: string): Promise<{ url: string | null; error: string | null } | undefined> {
    return this.db('wordpress_images').where({ source_url: sourceUrl }).first('url', 'error');
  }

  async saveImage(sourceUrl: string, url: string | null, error: string | null): Promise<void> {
    await this.db('wordpress_images').insert({ source_url: sourceUrl, url, error, fetched_at: this.db.fn.now() }).onConflict('source_url').merge();
  }

  /** Images an import since `since` could not bring over (bounded). */
  async failedImagesSince(since: Date | null, limit = 200): Promise<{ url: string; error: string }[]> {
    if (!since) return [];
    const rows: { source_url: string; error: string }[] = await this.db('wordpress_images').whereNotNull('error').where('fetched_at', '>=', since).orderBy('source_url').limit(limit).select('source_url', 'error');
    return rows.map((row) => ({ url: row.source_url, error: row.error }));
  }

  // Old links: the newest import of a slug or id wins when several sites were imported.

  async articleSlugByPostId(wpPostId: number): Promise<string | undefined> {
    const row = await this.db('wordpress_sources as s').join('articles as a', 'a.id', 's.article_id').where('s.wp_post_id', wpPostId).orderBy('s.imported_at', 'desc').first('a.slug');
    return row?.slug;
  }

  async articleSlugByWordPressSlug(wpSlug: string): Promise<string | undefined> {
    const row = await this.db('wordpress_sources as s').join('articles as a', 'a.id', 's.article_id').where('s.wp_slug', wpSlug).orderBy('s.imported_at', 'desc').first('a.slug');
    return row?.slug;
  }

  async termTarget(kind: 'category' | 'tag', wpSlug: string): Promise<string | undefined> {
    const row = await this.db('wordpress_terms').where({ kind, wp_slug: wpSlug }).first('target');
    return row?.target;
  }

  async anySource(): Promise<boolean> {
    return Boolean(await this.db('wordpress_sources').first('id'));
  }
}
