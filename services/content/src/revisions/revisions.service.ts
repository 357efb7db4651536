import { API_MESSAGES, AUTOSAVE_LIMITS, REVISIONS_PER_ARTICLE, type AdminArticle, type Autosave, type AutosaveInput, type Revision, type RevisionList, type RevisionSummary } from '@coinmag/contracts';
import { NotFoundError } from '@coinmag/service-kit';
import { statusOf } from '../articles/article.mapper.js';
import type { AdminArticlesService } from '../articles/admin-articles.service.js';
import type { ArticlesRepository } from '../articles/articles.repository.js';
import type { AutosaveOwner, AutosavesRepository } from './autosaves.repository.js';
import type { RevisionRow, RevisionSummaryRow, RevisionsRepository } from './revisions.repository.js';

function toSummary(row: RevisionSummaryRow): RevisionSummary {
  return {
    id: row.id,
    article_id: row.article_id,
    version: row.version,
    kind: row.kind,
    title: row.title,
    status: statusOf(row.status),
    restored_from: row.restored_from,
    ip: row.ip,
    created_at: row.created_at.toISOString(),
  };
}

function toRevision(row: RevisionRow): Revision {
  return {
    ...toSummary(row),
    excerpt: row.excerpt,
    content: row.content,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    tags: row.tags,
    category_id: row.category_id,
    published_at: row.published_at ? row.published_at.toISOString() : null,
  };
}

/** An article's history (list, one revision, restore) and the form's unsaved server copy. */
export class RevisionsService {
  constructor(
    private readonly revisions: RevisionsRepository,
    private readonly autosaves: AutosavesRepository,
    private readonly articles: ArticlesRepository,
    private readonly adminArticles: AdminArticlesService,
  ) {}

  private async assertArticle(id: number): Promise<void> {
    if (!(await this.articles.findById(id))) throw new NotFoundError(API_MESSAGES.articleNotFound);
  }

  async list(articleId: number): Promise<RevisionList> {
    await this.assertArticle(articleId);
    return { revisions: (await this.revisions.list(articleId, REVISIONS_PER_ARTICLE)).map(toSummary), limit: REVISIONS_PER_ARTICLE };
  }

  private async find(articleId: number, revisionId: number): Promise<RevisionRow> {
    const row = await this.revisions.find(articleId, revisionId);
    if (!row) throw new NotFoundError(API_MESSAGES.revisionNotFound);
    return row;
  }

  async get(articleId: number, revisionId: number): Promise<Revision> {
    return toRevision(await this.find(articleId, revisionId));
  }

  async restore(articleId: number, revisionId: number, context: { ip: string | null; version?: number }): Promise<AdminArticle> {
    await this.assertArticle(articleId);
    return this.adminArticles.restore(articleId, revisionId, context, await this.find(articleId, revisionId));
  }

  async getAutosave(owner: AutosaveOwner): Promise<Autosave | null> {
    const row = await this.autosaves.get(owner);
    return row ? { ...row.data, saved_at: row.saved_at.toISOString() } : null;
  }

  async latestDraft(): Promise<{ draft_key: string | null; autosave: Autosave | null }> {
    const row = await this.autosaves.latestDraft();
    return row ? { draft_key: row.draft_key, autosave: { ...row.data, saved_at: row.saved_at.toISOString() } } : { draft_key: null, autosave: null };
  }

  async putAutosave(owner: AutosaveOwner, input: AutosaveInput): Promise<{ saved_at: string }> {
    if ('articleId' in owner) await this.assertArticle(owner.articleId);
    const savedAt = await this.autosaves.put(owner, input);
    if ('draftKey' in owner) await this.autosaves.pruneDrafts(AUTOSAVE_LIMITS.newDrafts);
    return { saved_at: savedAt.toISOString() };
  }

  deleteAutosave(owner: AutosaveOwner): Promise<void> {
    return this.autosaves.remove(owner);
  }
}
