import type { Knex } from 'knex';

/** A flash item as stored, with its linked article while that article is public. */
export interface FlashRow {
  id: number;
  text: string;
  source_url: string | null;
  important: boolean;
  pinned: boolean;
  article_id: number | null;
  article_slug: string | null;
  article_title: string | null;
  published_at: Date;
  version: number;
  updated_at: Date;
}

export interface FlashTagRow {
  flash_id: number;
  name: string;
  key: string;
}

export interface FlashRevisionRow {
  id: number;
  flash_id: number;
  version: number | null;
  kind: 'save' | 'conflict' | 'restore';
  text: string;
  source_url: string | null;
  tags: string[];
  important: boolean;
  pinned: boolean;
  article_id: number | null;
  restored_from: number | null;
  published_at: Date | null;
  ip: string | null;
  created_at: Date;
}

export interface FlashListQuery {
  now: Date;
  limit: number;
  /** Older than this item (its time, then its id). */
  before?: { publishedAt: Date; id: number };
  /** Only items carrying the tag of this key. */
  tagKey?: string;
}

/** Reads of flash items; no rules here (flash.service.ts holds them). */
export class FlashRepository {
  constructor(private readonly db: Knex) {}

  private select(now: Date) {
    // The 「完整報導」 link names the article only while readers can open it.
    return this.db('flash_items as f')
      .leftJoin('articles as a', (join) => {
        join.on('a.id', 'f.article_id').andOn(this.db.raw("a.status = 'published'")).andOn('a.published_at', '<=', this.db.raw('?', [now]));
      })
      .select('f.id', 'f.text', 'f.source_url', 'f.important', 'f.pinned', 'f.article_id', 'f.published_at', 'f.version', 'f.updated_at', 'a.slug as article_slug', 'a.title as article_title');
  }

  /** Public items, newest first (by time, then id). */
  listPublic({ now, limit, before, tagKey }: FlashListQuery): Promise<FlashRow[]> {
    const query = this.select(now).where('f.published_at', '<=', now).orderBy([{ column: 'f.published_at', order: 'desc' }, { column: 'f.id', order: 'desc' }]).limit(limit);
    if (before) query.whereRaw('(f.published_at, f.id) < (?, ?)', [before.publishedAt, before.id]);
    if (tagKey !== undefined) {
      query.whereExists((tagged) => tagged.select(this.db.raw('1')).from('flash_tags as ft').join('tags as t', 't.id', 'ft.tag_id').whereRaw('ft.flash_id = f.id').where('t.key', tagKey));
    }
    return query;
  }

  /** The pinned items readers see, newest first. */
  listPinned(now: Date): Promise<FlashRow[]> {
    return this.select(now).where('f.pinned', true).where('f.published_at', '<=', now).orderBy([{ column: 'f.published_at', order: 'desc' }, { column: 'f.id', order: 'desc' }]);
  }

  /** Every item, the newest (or latest scheduled) first: the back office's list. */
  listRecent(now: Date, limit: number): Promise<FlashRow[]> {
    return this.select(now).orderBy([{ column: 'f.published_at', order: 'desc' }, { column: 'f.id', order: 'desc' }]).limit(limit);
  }

  async find(id: number, now: Date): Promise<FlashRow | undefined> {
    return this.select(now).where('f.id', id).first();
  }

  /** Each item's tags in the order given. */
  async tagsOf(ids: number[]): Promise<Map<number, FlashTagRow[]>> {
    const grouped = new Map<number, FlashTagRow[]>();
    if (ids.length === 0) return grouped;
    const rows: FlashTagRow[] = await this.db('flash_tags as ft').join('tags as t', 't.id', 'ft.tag_id').whereIn('ft.flash_id', ids).orderBy(['ft.flash_id', 'ft.position']).select('ft.flash_id', 't.name', 't.key');
    for (const row of rows) grouped.set(row.flash_id, [...(grouped.get(row.flash_id) ?? []), row]);
    return grouped;
  }

  async articleExists(id: number): Promise<boolean> {
    return Boolean(await this.db('articles').where({ id }).first('id'));
  }

  async revisions(flashId: number, limit: number): Promise<FlashRevisionRow[]> {
    const rows: FlashRevisionRow[] = await this.db('flash_revisions').where('flash_id', flashId).orderBy('id', 'desc').limit(limit);
    return rows.map((row) => ({ ...row, id: Number(row.id), restored_from: row.restored_from === null ? null : Number(row.restored_from) }));
  }

  async revision(flashId: number, revisionId: number): Promise<FlashRevisionRow | undefined> {
    const row: FlashRevisionRow | undefined = await this.db('flash_revisions').where({ flash_id: flashId, id: revisionId }).first();
    return row && { ...row, id: Number(row.id), restored_from: row.restored_from === null ? null : Number(row.restored_from) };
  }
}
