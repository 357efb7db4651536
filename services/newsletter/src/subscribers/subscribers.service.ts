import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { NEWSLETTER_MESSAGES, type NewsletterLinkState, type SubscribeInput, type SubscriberStatus } from '@coinmag/contracts';
import { HttpError, TooManyRequestsError } from '@coinmag/service-kit';
import type { LinkPurpose, LinkSigner } from '../links/signed-links.js';

/** At most one confirmation per address in this long (no mail-bombing a victim with confirmations). */
export const CONFIRMATION_INTERVAL_MS = 3_600_000;
/** Unconfirmed addresses are deleted after this long. */
export const PENDING_LIFETIME_MS = 7 * 86_400_000;
/** Subscribe requests per client address per hour. */
export const SUBSCRIBES_PER_CLIENT_PER_HOUR = 10;

interface SubscriberRecord {
  id: string;
  email: string;
  status: SubscriberStatus;
  digest: boolean;
  category_ids: number[];
  link_version: number;
  confirmation_sent_at: Date | null;
}

export class LinkGoneError extends HttpError {
  constructor() {
    super(410, NEWSLETTER_MESSAGES.linkInvalid);
  }
}

/** r•••@example.com: enough for a reader to recognise their address on a page, not to learn someone else's. */
export function emailHint(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** Subscribing, double opt-in, preferences and unsubscribing; nothing here ever logs an address. */
export class SubscribersService {
  constructor(
    private readonly db: Knex,
    private readonly signer: LinkSigner,
    private readonly queued: () => void,
  ) {}

  /**
   * The answer is the same whatever the address's state (no enumeration); a confirmation is
   * queued only for an address not yet confirmed, and at most once an hour.
   */
  async subscribe(input: SubscribeInput, clientAddress: string): Promise<void> {
    await this.countClient(clientAddress);
    let queued = false;
    await this.db.transaction(async (trx) => {
      await trx.raw(
        `insert into subscribers (email, status, digest, category_ids) values (?, 'pending', ?, ?::integer[])
         on conflict (email) do nothing`,
        [input.email, input.digest, input.categoryIds],
      );
      const subscriber = (await trx<SubscriberRecord>('subscribers').where({ email: input.email }).forUpdate().first())!;
      if (subscriber.status === 'confirmed' || subscriber.status === 'suppressed') return;
      const recently = subscriber.confirmation_sent_at && Date.now() - subscriber.confirmation_sent_at.getTime() < CONFIRMATION_INTERVAL_MS;
      await trx('subscribers')
        .where({ id: subscriber.id })
        .update({
          status: 'pending',
          digest: input.digest,
          category_ids: trx.raw('?::integer[]', [input.categoryIds]),
          updated_at: trx.fn.now(),
          ...(recently ? {} : { confirmation_sent_at: trx.fn.now() }),
        });
      if (recently) return;
      await trx('deliveries').insert({ kind: 'confirm', priority: 0, subscriber_id: subscriber.id });
      queued = true;
    });
    if (queued) this.queued();
  }

  /** A fixed window per client address (hashed: no address is stored either). */
  private async countClient(clientAddress: string): Promise<void> {
    const key = createHash('sha256').update(`subscribe\0${clientAddress}`).digest('hex');
    const { rows } = await this.db.raw<{ rows: Array<{ count: number }> }>(
      `insert into subscribe_limits (key, window_start, count) values (?, now(), 1)
       on conflict (key) do update set
         count = case when subscribe_limits.window_start < now() - interval '1 hour' then 1 else subscribe_limits.count + 1 end,
         window_start = case when subscribe_limits.window_start < now() - interval '1 hour' then now() else subscribe_limits.window_start end
       returning count`,
      [key],
    );
    if ((rows[0]?.count ?? 0) > SUBSCRIBES_PER_CLIENT_PER_HOUR) throw new TooManyRequestsError(NEWSLETTER_MESSAGES.tooMany, 3600);
  }

  /** The subscriber a link names, if the link is still good (its version current). */
  private async fromLink(token: string, purpose: LinkPurpose, trx: Knex | Knex.Transaction = this.db): Promise<SubscriberRecord> {
    const claims = this.signer.verify(token, purpose);
    if (!claims) throw new LinkGoneError();
    const subscriber = await trx<SubscriberRecord>('subscribers').where('id', claims.subscriberId).first();
    if (!subscriber || subscriber.link_version !== claims.version) throw new LinkGoneError();
    return subscriber;
  }

  private state(subscriber: SubscriberRecord, purpose: LinkPurpose): NewsletterLinkState {
    return {
      purpose,
      status: subscriber.status,
      emailHint: emailHint(subscriber.email),
      digest: subscriber.digest,
      categoryIds: subscriber.category_ids,
      ...(subscriber.status === 'confirmed' ? { manageToken: this.signer.sign({ purpose: 'manage', subscriberId: Number(subscriber.id), version: subscriber.link_version }) } : {}),
    };
  }

  /** What a link's page shows: a confirm link (`c…`) or a preferences link (`m…`). */
  async linkState(token: string): Promise<NewsletterLinkState> {
    const purpose: LinkPurpose = token.startsWith('c') ? 'confirm' : 'manage';
    const subscriber = await this.fromLink(token, purpose);
    if (subscriber.status === 'unsubscribed' || subscriber.status === 'suppressed') throw new LinkGoneError();
    return this.state(subscriber, purpose);
  }

  /** Double opt-in's second step (a POST from the confirm page's button; a GET never confirms). */
  async confirm(token: string): Promise<NewsletterLinkState> {
    return this.db.transaction(async (trx) => {
      const subscriber = await this.fromLink(token, 'confirm', trx);
      if (subscriber.status !== 'pending' && subscriber.status !== 'confirmed') throw new LinkGoneError();
      const updated = { ...subscriber, status: 'confirmed' as const };
      if (subscriber.status === 'pending') {
        await trx('subscribers').where({ id: subscriber.id }).update({ status: 'confirmed', confirmed_at: trx.fn.now(), updated_at: trx.fn.now() });
      }
      return this.state(updated, 'confirm');
    });
  }

  async savePreferences(token: string, choices: { digest: boolean; categoryIds: number[] }): Promise<NewsletterLinkState> {
    const subscriber = await this.fromLink(token, 'manage');
    if (subscriber.status !== 'confirmed') throw new LinkGoneError();
    await this.db('subscribers')
      .where({ id: subscriber.id, link_version: subscriber.link_version })
      .update({ digest: choices.digest, category_ids: this.db.raw('?::integer[]', [choices.categoryIds]), updated_at: this.db.fn.now() });
    return this.state({ ...subscriber, digest: choices.digest, category_ids: choices.categoryIds }, 'manage');
  }

  /**
   * At once: the status changes, every link signed so far stops working (the version moves) and
   * nothing still queued for the address is sent. A second click on the same link finds it done.
   */
  async unsubscribe(token: string): Promise<void> {
    const claims = this.signer.verify(token, 'manage');
    if (!claims) throw new LinkGoneError();
    await this.db.transaction(async (trx) => {
      const subscriber = await trx<SubscriberRecord>('subscribers').where('id', claims.subscriberId).forUpdate().first();
      if (!subscriber) throw new LinkGoneError();
      if (subscriber.link_version !== claims.version) {
        if (subscriber.status === 'unsubscribed' && subscriber.link_version === claims.version + 1) return;
        throw new LinkGoneError();
      }
      await trx('subscribers')
        .where({ id: subscriber.id })
        .update({ status: subscriber.status === 'suppressed' ? 'suppressed' : 'unsubscribed', unsubscribed_at: trx.fn.now(), link_version: subscriber.link_version + 1, updated_at: trx.fn.now() });
      await trx('deliveries').where({ subscriber_id: subscriber.id, status: 'pending' }).update({ status: 'cancelled', last_error: 'unsubscribed' });
    });
  }

  /** Unconfirmed addresses older than 7 days are deleted, with everything queued for them. */
  async expirePending(): Promise<number> {
    return this.db('subscribers')
      .where({ status: 'pending' })
      .whereRaw(`coalesce(confirmation_sent_at, created_at) < now() - (? * interval '1 millisecond')`, [PENDING_LIFETIME_MS])
      .delete();
  }
}
