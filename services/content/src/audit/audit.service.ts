import { auditKindOf, type AuditList, type AuditQuery, type AuditSlice, type UploadAudit } from '@coinmag/contracts';
import { pageCount } from '@coinmag/rules';
import type { Logger } from '@coinmag/service-kit';
import type { AuditRepository } from '@coinmag/audit';
import type { AuthAuditClient } from './auth-audit-client.js';

/** Kinds whose entries only the auth service holds, and those only this one holds. */
const AUTH_KINDS = new Set(['auth']);

/**
 * The whole log, newest first: this service's entries merged with the auth service's. Each
 * side gives its newest page×limit matching rows (bounded by AUDIT_LIMITS.deepest), so any
 * page of the merge is exact; if the auth side cannot answer, the rest is shown, marked partial.
 */
export class AuditService {
  constructor(
    private readonly audit: AuditRepository,
    private readonly log: Logger,
    private readonly authAudit?: AuthAuditClient,
  ) {}

  async list(query: AuditQuery, authorization: string): Promise<AuditList> {
    const depth = { kind: query.kind, from: query.from, to: query.to, limit: query.page * query.limit };
    const wantsOwn = !query.kind || !AUTH_KINDS.has(query.kind);
    const wantsAuth = Boolean(this.authAudit) && (!query.kind || AUTH_KINDS.has(query.kind));
    const empty: AuditSlice = { events: [], total: 0 };
    let partial = false;
    const [own, auth] = await Promise.all([
      wantsOwn ? this.audit.slice(depth) : empty,
      wantsAuth
        ? this.authAudit!.slice(depth, authorization).catch((err: unknown) => {
            this.log.warn({ err }, 'auth audit log unavailable; showing the rest');
            partial = true;
            return empty;
          })
        : empty,
    ]);
    const merged = [...own.events, ...auth.events.filter((event) => AUTH_KINDS.has(auditKindOf(event.action)))]
      .sort((a, b) => (a.at === b.at ? Number(b.id.slice(1)) - Number(a.id.slice(1)) : b.at.localeCompare(a.at)));
    const total = own.total + auth.total;
    const start = (query.page - 1) * query.limit;
    return {
      events: merged.slice(start, start + query.limit),
      pagination: { page: query.page, limit: query.limit, pages: pageCount(total, query.limit), total },
      partial,
    };
  }

  /** Records an upload the media service reports; false when that request was already recorded. */
  recordUpload(upload: UploadAudit, actor: string, requestId: string): Promise<boolean> {
    return this.audit.record({ ...upload, actor, requestId });
  }
}
