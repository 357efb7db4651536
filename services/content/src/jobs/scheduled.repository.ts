import type { Knex } from 'knex';
import type { AuditEntry, AuditRepository } from '@coinmag/audit';
import type { ChangeOutbox } from '../outbox/change-outbox.js';

export interface PublishedArticle {
  id: number;
  slug: string;
  title: string;
  category_id: number | null;
  published_at: Date | null;
  featured_image: string | null;
}

/** The scheduled articles' side of the articles table: what is due, and when the next one is. */
export class ScheduledRepository {
  /** With `audit` and `outbox`, each publication is logged and told in the transaction that makes it. */
  constructor(
    private readonly db: Knex,
    private readonly audit?: AuditRepository,
    private readonly outbox?: ChangeOutbox,
  ) {}

  /**
   * Scheduled articles whose time has come become published, and published ones saved with a
   * time to come are due to be told; returns both. The UPDATE … WHERE
   * status = 'scheduled' is atomic per row, so replicas racing on it publish each article once.
   */
  publishDue(now: Date, audit?: (article: PublishedArticle) => AuditEntry): Promise<PublishedArticle[]> {
    return this.db.transaction(async (trx) => {
      const rows: PublishedArticle[] = await trx('articles')
        .where('status', 'scheduled')
        .where('published_at', '<=', now)
        .update({ status: 'published', updated_at: trx.fn.now() })
        .returning(['id', 'slug', 'title', 'category_id', 'published_at', 'featured_image']);
      // Saved as published with a time to come: public now with no write, told now (the flag is cleared by articleChanged).
      const arrived: PublishedArticle[] = await trx('articles')
        .where('status', 'published')
        .where('announce_on_publication', true)
        .where('published_at', '<=', now)
        .forUpdate()
        .skipLocked()
        .select(['id', 'slug', 'title', 'category_id', 'published_at', 'featured_image']);
      if (!this.outbox && arrived.length) await trx('articles').whereIn('id', arrived.map((row) => row.id)).update({ announce_on_publication: false });
      rows.push(...arrived);
      if (this.audit && audit) for (const row of rows) await this.audit.record(audit(row), trx);
      // So a scheduled publication is told exactly once: by the transaction that makes it.
      if (this.outbox) for (const row of rows) await this.outbox.articleChanged(trx, { ...row, status: 'scheduled' }, { ...row, status: 'published' });
      return rows;
    });
  }

  /** The earliest publication time still scheduled (or still to be told), if any. */
  async nextDue(): Promise<Date | undefined> {
    const next = await this.db('articles')
      .where((due) => due.where('status', 'scheduled').orWhere('announce_on_publication', true))
      .min<{ next: Date | null }>('published_at as next')
      .first();
    return next?.next ? new Date(next.next) : undefined;
  }
}
