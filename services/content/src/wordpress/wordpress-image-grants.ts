import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ServiceGrant } from '@coinmag/service-kit';

/** How long an issued grant lives: one upload (120 s at most) and its audit, with room. */
export const IMAGE_GRANT_MS = 5 * 60_000;

/**
 * The ledger of the service grants the WordPress image import issues (ADR 0013). The grant's MAC
 * proves only that its signer holds FORWARDING_SECRET, as the gateway and every service do; what
 * makes it the import's is this ledger, which only the content service writes: the upload audit
 * (the step media cannot skip, ADR 0004) redeems a grant only if this service issued it, for a job
 * that is still running and was confirmed by the admin the grant names, for the one file the grant
 * names, and only for one upload (its retries carry the same request id).
 */
export class WordPressImageGrants {
  /** Real time, whatever clock the service is given: media checks a grant's expiry against its own. */
  constructor(private readonly db: Knex) {}

  /** Records and returns a grant for uploading the file with this SHA-256 for `job`, confirmed by `actor`. */
  async issue(job: number, actor: string, digest: string): Promise<ServiceGrant> {
    const now = Date.now();
    const grant: ServiceGrant = { purpose: 'wordpress-images', actor, job, digest, id: randomBytes(24).toString('base64url'), exp: now + IMAGE_GRANT_MS };
    // Expired grants are worth nothing: pruned as new ones are issued.
    await this.db('wordpress_image_grants').where('expires_at', '<', new Date(now)).del();
    await this.db('wordpress_image_grants').insert({ id: grant.id, import_id: job, actor, digest, expires_at: new Date(grant.exp) });
    return grant;
  }

  /** True when `grant` is one this service issued and may still be used by the upload `requestId`. */
  async redeem(grant: ServiceGrant, requestId: string): Promise<boolean> {
    const redeemed = await this.db('wordpress_image_grants as g')
      .where({ 'g.id': grant.id, 'g.import_id': grant.job, 'g.actor': grant.actor, 'g.digest': grant.digest })
      .where('g.expires_at', '>', new Date())
      .where((unused) => unused.whereNull('g.request_id').orWhere('g.request_id', requestId))
      .whereExists((running) => running.select(this.db.raw('1')).from('wordpress_imports as w').whereRaw('w.id = g.import_id').where({ 'w.status': 'running', 'w.confirmed_by': grant.actor }))
      .update({ request_id: requestId }, ['id']);
    return redeemed.length === 1;
  }
}
