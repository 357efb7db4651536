import type { Knex } from 'knex';
import { REVISIONS_PER_ARTICLE } from '@coinmag/contracts';
import type { AuditRepository } from '@coinmag/service-kit';
import type { ArticleWrite } from '../articles/articles.repository.js';
import type { RevisionRow, RevisionsRepository } from './revisions.repository.js';

export interface SavedArticle {
  articleId: number;
  /** The version the save produced; null for a save refused as a conflict. */
  version: number | null;
  kind: RevisionRow['kind'];
  restoredFrom?: number | null;
  write: Pick<ArticleWrite, 'title' | 'excerpt' | 'content' | 'meta_title' | 'meta_description' | 'category_id' | 'status' | 'published_at'>;
  tags: string[];
  ip: string | null;
}

/** Keeps a revision of every save and records what happened in the audit log. */
export class ArticleHistory {
  constructor(
    private readonly revisions: RevisionsRepository,
    readonly audit: AuditRepository,
  ) {}

  keepRevision(trx: Knex.Transaction, saved: SavedArticle): Promise<number> {
    const { write } = saved;
    return this.revisions.insert(trx, {
      article_id: saved.articleId,
      version: saved.version,
      kind: saved.kind,
      restored_from: saved.restoredFrom ?? null,
      title: write.title,
      excerpt: write.excerpt,
      content: write.content,
      meta_title: write.meta_title,
      meta_description: write.meta_description,
      tags: saved.tags,
      category_id: write.category_id,
      status: write.status,
      published_at: write.published_at,
      ip: saved.ip,
    }, REVISIONS_PER_ARTICLE);
  }
}
