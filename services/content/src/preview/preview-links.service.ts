import { createHash, randomBytes } from 'node:crypto';
import {
  API_MESSAGES,
  PREVIEW_LINK_LIMITS,
  PREVIEW_MESSAGES,
  PREVIEW_PATH_PREFIX,
  PREVIEW_TOKEN,
  type CreatedPreviewLink,
  type PreviewAnswer,
  type PreviewLink,
} from '@coinmag/contracts';
import { ConflictError, NotFoundError } from '@coinmag/service-kit';
import { type AuditEntry } from '@coinmag/audit';
import { toDetail } from '../articles/article.mapper.js';
import type { GlossaryLinks } from '../glossary/glossary-links.js';
import type { ArticleRow, ArticlesRepository } from '../articles/articles.repository.js';
import { RELATED_LIMIT } from '../articles/articles.service.js';
import type { PreviewLinkRow, PreviewLinksRepository } from './preview-links.repository.js';

const DAY_MS = 86_400_000;
/** 256 bits from the system's CSPRNG: no one finds a link by trying. */
const TOKEN_BYTES = 32;

export const hashPreviewToken = (token: string) => createHash('sha256').update(token).digest();

function toLink(row: PreviewLinkRow, now: Date): PreviewLink {
  const state = row.revoked_at ? 'revoked' : row.expires_at <= now ? 'expired' : 'active';
  return { id: row.id, created_at: row.created_at.toISOString(), expires_at: row.expires_at.toISOString(), revoked_at: row.revoked_at?.toISOString() ?? null, state };
}

/** The visibility rule of the public API: what a preview link must not stand in for. */
const isPublic = (row: ArticleRow, now: Date) => row.status === 'published' && row.published_at !== null && row.published_at <= now;

/** Preview links of draft and scheduled articles (docs/product.md §3 Preview links). */
export class PreviewLinksService {
  constructor(
    private readonly links: PreviewLinksRepository,
    private readonly articles: ArticlesRepository,
    private readonly clock: () => Date = () => new Date(),
    /** Links glossary terms as the public page will (absent: the body as stored). */
    private readonly glossary?: GlossaryLinks,
  ) {}

  async create(articleId: number, days: number, ip: string | null = null): Promise<CreatedPreviewLink> {
    const now = this.clock();
    const article = await this.articles.findById(articleId);
    if (!article) throw new NotFoundError(API_MESSAGES.articleNotFound);
    if (isPublic(article, now)) throw new ConflictError(PREVIEW_MESSAGES.onlyUnpublished);
    if ((await this.links.countActive(articleId, now)) >= PREVIEW_LINK_LIMITS.perArticle) throw new ConflictError(PREVIEW_MESSAGES.tooMany);
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const expires = new Date(now.getTime() + days * DAY_MS);
    const entry: AuditEntry = { action: 'article.preview_link_create', actor: 'admin', ip, subjectId: articleId, summary: `${article.title}（${days} 天）` };
    const row = await this.links.create(articleId, hashPreviewToken(token), now, expires, entry);
    return { ...toLink(row, now), path: `${PREVIEW_PATH_PREFIX}${token}` };
  }

  async list(articleId: number): Promise<PreviewLink[]> {
    const now = this.clock();
    return (await this.links.list(articleId)).map((row) => toLink(row, now));
  }

  async revoke(articleId: number, linkId: number, ip: string | null = null): Promise<PreviewLink> {
    const now = this.clock();
    const article = await this.articles.findById(articleId);
    if (!article) throw new NotFoundError(PREVIEW_MESSAGES.linkNotFound);
    const row = await this.links.revoke(articleId, linkId, now, { action: 'article.preview_link_revoke', actor: 'admin', ip, subjectId: articleId, summary: article.title });
    if (!row) throw new NotFoundError(PREVIEW_MESSAGES.linkNotFound);
    return toLink(row, now);
  }

  /** What a preview link opens: the article as it stands now (it follows later edits), or where it lives once public. */
  async open(token: string): Promise<PreviewAnswer> {
    if (!PREVIEW_TOKEN.test(token)) throw new NotFoundError(PREVIEW_MESSAGES.gone);
    const now = this.clock();
    const link = await this.links.findByHash(hashPreviewToken(token));
    if (!link || link.revoked_at || link.expires_at <= now) throw new NotFoundError(PREVIEW_MESSAGES.gone);
    const article = await this.articles.findById(link.article_id);
    if (!article) throw new NotFoundError(PREVIEW_MESSAGES.gone);
    if (isPublic(article, now)) return { state: 'published', slug: article.slug };
    const [related, content] = await Promise.all([
      this.articles.related(article.id, article.category_id, now, RELATED_LIMIT),
      this.glossary ? this.glossary.link(article.content ?? '', article.glossary_links ?? true) : article.content,
    ]);
    return { state: 'preview', article: toDetail({ ...article, content }, related), expires_at: link.expires_at.toISOString() };
  }
}
