import type { Knex } from 'knex';
import { API_MESSAGES, REVISIONS_PER_ARTICLE } from '@coinmag/contracts';
import { ConflictError } from '@coinmag/service-kit';
import { type AuditEntry, type AuditRepository } from '@coinmag/audit';
import type { ChangeOutbox } from '../outbox/change-outbox.js';
import type { ArticleState } from '../outbox/article-events.js';
import type { AutosaveOwner, AutosavesRepository } from '../revisions/autosaves.repository.js';
import type { RevisionRow, RevisionsRepository } from '../revisions/revisions.repository.js';
import type { ArticleRow, ArticlesRepository, ArticleWrite } from './articles.repository.js';

/** What a revision keeps of a save. */
export interface RevisionNote {
  kind: RevisionRow['kind'];
  restoredFrom?: number | null;
  ip: string | null;
}

export interface ArticleSave {
  /** Absent: a new article. Present: written only while the row is still at `expectedVersion`. */
  existing?: { id: number; expectedVersion: number };
  write: ArticleWrite;
  tags: string[];
  revision: RevisionNote;
  /** The audit entries of the save, in order, given the article's id. */
  audit: (articleId: number) => AuditEntry[];
  /** The browser copy the save makes obsolete. */
  dropAutosave?: AutosaveOwner;
  /** Written in the same transaction, given the article's id and new version (an import's source record). */
  alsoWrite?: (trx: Knex.Transaction, articleId: number, version: number) => Promise<void>;
  /** Tell webhooks and IndexNow of the change readers see (docs/product.md §11); an import's saves do not. */
  notify?: boolean;
}

const STATE_COLUMNS = ['id', 'slug', 'title', 'status', 'published_at'];

/**
 * An article write with everything that goes with it (tags, the revision, the audit entries,
 * the autosave it replaces), each in one transaction: all of it is kept, or none.
 */
export class ArticleWritesRepository {
  constructor(
    private readonly db: Knex,
    private readonly articles: ArticlesRepository,
    private readonly revisions: RevisionsRepository,
    private readonly autosaves: AutosavesRepository,
    private readonly audit: AuditRepository,
    /** Where a save's or a deletion's event is written, in the same transaction. */
    private readonly outbox?: ChangeOutbox,
  ) {}

  /**
   * The article's id, or undefined when `existing` is no longer at the expected version (then
   * nothing is written). A slug another article took meanwhile is a ConflictError on `slug`.
   */
  async save(change: ArticleSave): Promise<number | undefined> {
    try {
      return await this.db.transaction(async (trx) => {
        let articleId: number;
        let version: number;
        const notify = change.notify && this.outbox;
        // Locked, so the state the event is judged from is the one this save replaces.
        const before: ArticleState | undefined = notify && change.existing ? await trx('articles').where('id', change.existing.id).forUpdate().first(STATE_COLUMNS) : undefined;
        if (change.existing) {
          const updated = await this.articles.update(trx, change.existing.id, change.existing.expectedVersion, change.write);
          if (updated === undefined) return undefined;
          articleId = change.existing.id;
          version = updated;
        } else {
          articleId = await this.articles.insert(trx, change.write);
          version = 1;
        }
        await this.articles.replaceTags(trx, articleId, change.tags);
        await this.keepRevision(trx, articleId, version, change.write, change.tags, change.revision);
        for (const entry of change.audit(articleId)) await this.audit.record(entry, trx);
        if (change.dropAutosave) await this.autosaves.remove(change.dropAutosave, trx);
        if (change.alsoWrite) await change.alsoWrite(trx, articleId, version);
        if (notify) await notify.articleChanged(trx, before, { id: articleId, slug: change.write.slug, title: change.write.title, status: change.write.status, published_at: change.write.published_at });
        return articleId;
      });
    } catch (err) {
      const failure = err as { code?: string; constraint?: string };
      if (failure.code === '23505' && failure.constraint?.includes('slug')) throw new ConflictError(API_MESSAGES.slugTaken, 'slug');
      throw err;
    }
  }

  /** Keeps what a refused save sent as a 'conflict' revision (no version: it was never saved). */
  async keepConflict(articleId: number, write: ArticleWrite, tags: string[], ip: string | null): Promise<void> {
    await this.db.transaction((trx) => this.keepRevision(trx, articleId, null, write, tags, { kind: 'conflict', ip }));
  }

  /** Deletes the article, logs it and tells of it; the deleted row, or undefined when there was none. */
  async delete(id: number, entry: (removed: ArticleRow) => AuditEntry): Promise<ArticleRow | undefined> {
    return this.db.transaction(async (trx) => {
      const row = await this.articles.delete(id, trx);
      if (row) await this.audit.record(entry(row), trx);
      if (row && this.outbox) await this.outbox.articleChanged(trx, row, undefined);
      return row;
    });
  }

  private keepRevision(trx: Knex.Transaction, articleId: number, version: number | null, write: ArticleWrite, tags: string[], note: RevisionNote): Promise<number> {
    return this.revisions.insert(trx, {
      article_id: articleId,
      version,
      kind: note.kind,
      restored_from: note.restoredFrom ?? null,
      title: write.title,
      excerpt: write.excerpt,
      content: write.content,
      meta_title: write.meta_title,
      meta_description: write.meta_description,
      tags,
      category_id: write.category_id,
      status: write.status,
      published_at: write.published_at,
      ip: note.ip,
    }, REVISIONS_PER_ARTICLE);
  }
}
