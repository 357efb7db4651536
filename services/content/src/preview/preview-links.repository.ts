import type { Knex } from 'knex';
import type { AuditEntry, AuditRepository } from '@coinmag/audit';

export interface PreviewLinkRow {
  id: number;
  article_id: number;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

const COLUMNS = ['id', 'article_id', 'created_at', 'expires_at', 'revoked_at'];

/** Preview links, found by the hash of their token; the token itself is never stored. */
export class PreviewLinksRepository {
  /** With `audit`, making and revoking a link are logged in the write's own transaction. */
  constructor(
    private readonly db: Knex,
    private readonly audit?: AuditRepository,
  ) {}

  create(articleId: number, tokenHash: Buffer, createdAt: Date, expiresAt: Date, entry?: AuditEntry): Promise<PreviewLinkRow> {
    return this.db.transaction(async (trx) => {
      const [row] = await trx('article_preview_links').insert({ article_id: articleId, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt }).returning(COLUMNS);
      if (entry && this.audit) await this.audit.record(entry, trx);
      return row as PreviewLinkRow;
    });
  }

  async countActive(articleId: number, now: Date): Promise<number> {
    const row = await this.db('article_preview_links').where({ article_id: articleId }).whereNull('revoked_at').where('expires_at', '>', now).count<{ count: number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  /** The article's links, newest first. */
  list(articleId: number): Promise<PreviewLinkRow[]> {
    return this.db('article_preview_links').where({ article_id: articleId }).orderBy('id', 'desc').limit(100).select(COLUMNS);
  }

  /** Revokes a link of the article (logged); undefined when it has no such link. A link revoked already stays as it was. */
  async revoke(articleId: number, linkId: number, now: Date, entry?: AuditEntry): Promise<PreviewLinkRow | undefined> {
    return this.db.transaction(async (trx) => {
      const revoked = await trx('article_preview_links').where({ id: linkId, article_id: articleId }).whereNull('revoked_at').update({ revoked_at: now });
      if (revoked > 0 && entry && this.audit) await this.audit.record(entry, trx);
      const row: PreviewLinkRow | undefined = await trx('article_preview_links').where({ id: linkId, article_id: articleId }).first(COLUMNS);
      return row;
    });
  }

  findByHash(tokenHash: Buffer): Promise<PreviewLinkRow | undefined> {
    return this.db('article_preview_links').where({ token_hash: tokenHash }).first(COLUMNS);
  }
}
