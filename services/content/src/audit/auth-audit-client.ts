import { auditSliceSchema, type AuditSlice, type AuditSliceQuery } from '@coinmag/contracts';

const TIMEOUT_MS = 3000;

/**
 * Reads the auth service's own audit log (sign-in, sign-out, password) over its internal
 * endpoint, with the admin's own token: this service never reads the auth schema.
 */
export class AuthAuditClient {
  constructor(private readonly authUrl: string) {}

  async slice(query: AuditSliceQuery, authorization: string): Promise<AuditSlice> {
    const filters = { kind: query.kind, from: query.from, to: query.to, limit: String(query.limit) };
    const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const res = await fetch(`${this.authUrl}/internal/audit-events?${params}`, {
      headers: { authorization, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`auth audit answered ${res.status}`);
    return auditSliceSchema.parse(await res.json());
  }
}
