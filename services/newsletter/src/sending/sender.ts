import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { CampaignArticle } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import type { LinkSigner } from '../links/signed-links.js';
import { campaignTemplate, confirmationMail, type CampaignContent, type CampaignRender, type MailLinks, type OutgoingMail } from '../mail/templates.js';
import { PermanentFailure, type MailTransport, type PreparedMail } from '../mail/transport.js';
import { mailLinks, siteLinks } from '../links/site-links.js';
import { DeliveriesRepository, LeaseLost, type ClaimedDelivery } from './deliveries.repository.js';
import type { SendBudget } from './send-budget.js';

/** Temporary failures are retried this long after the delivery was queued, then given up. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/**
 * A relay's answer as a log line may carry it: relays quote the recipient in their refusals
 * (Postfix: `550 5.1.1 <reader@example.com>: Recipient address rejected`), and no address is
 * logged. The row keeps the whole answer.
 */
export function withoutAddresses(answer: string): string {
  return answer.replace(/[^\s<>"'()[\],;:]+@[^\s<>"'()[\],;:]+/g, '(address)');
}

export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface SenderOptions {
  db: Knex;
  transport: MailTransport;
  budget: SendBudget;
  signer: LinkSigner;
  siteOrigin: string;
  batch: number;
  leaseMs: number;
  pollMs: number;
  /** Emails in flight at once (the SMTP pool's connections). */
  concurrency: number;
  log: Logger;
  /** Before each pass: campaigns whose time has come are queued (campaigns.service). */
  beforePass?: () => Promise<void>;
}

interface SubscriberRow {
  id: string;
  email: string;
  status: string;
  link_version: number;
}

/**
 * The outbox's sender: claims due deliveries in batches (FOR UPDATE SKIP LOCKED, a lease), sends
 * each and records the answer in the step that marks it sent. Any number of replicas run one each.
 */
export class Sender {
  readonly owner = randomUUID();
  private readonly deliveries: DeliveriesRepository;
  private readonly messageIdDomain: string;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(private readonly options: SenderOptions) {
    this.deliveries = new DeliveriesRepository(options.db);
    this.messageIdDomain = new URL(options.siteOrigin).hostname;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the emails in flight, claims no more. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let waitMs = this.options.pollMs;
      try {
        const { claimed, throttled } = await this.pass();
        if (claimed > 0) continue;
        if (throttled) waitMs = Math.min(waitMs, this.options.budget.refillMs);
      } catch (err) {
        this.options.log.error({ err }, 'newsletter send pass failed');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  /** One batch: how many were claimed, and whether the rate held back due ones. */
  async pass(): Promise<{ claimed: number; throttled: boolean }> {
    await this.options.beforePass?.();
    // Only a due delivery spends the shared budget: an idle service leaves its row (and the database) alone.
    if (!(await this.deliveries.anyDue())) return { claimed: 0, throttled: false };
    const granted = await this.options.budget.take(this.options.batch);
    if (granted === 0) return { claimed: 0, throttled: true };
    const claimed = await this.deliveries.claim(granted, this.options.leaseMs, this.owner);
    await this.options.budget.giveBack(granted - claimed.length);
    if (claimed.length === 0) return { claimed: 0, throttled: false };
    const subscribers = await this.subscribersOf(claimed);
    const campaigns = await this.campaignsOf(claimed);
    // Every email of the batch is composed and built before the first goes: while emails are on
    // the wire the process only waits for answers and records them, so a relay's 250 is recorded
    // at once rather than after another email's rendering (the window of docs/adr/0020).
    const ready: Array<{ delivery: ClaimedDelivery; prepared: PreparedMail }> = [];
    for (const delivery of claimed) {
      const mail = this.compose(delivery, subscribers, campaigns);
      if (typeof mail === 'string') await this.deliveries.cancel(delivery.id, this.owner, mail);
      else ready.push({ delivery, prepared: await this.options.transport.prepare(mail) });
    }
    let next = 0;
    const answers: Array<{ id: number; answer: string }> = [];
    const worker = async () => {
      while (next < ready.length) {
        const { delivery, prepared } = ready[next++]!;
        const answer = await this.deliver(delivery, prepared);
        if (answer !== undefined) answers.push({ id: delivery.id, answer });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, ready.length) }, worker));
    await this.deliveries.confirmSent(this.owner, answers);
    if (claimed.some((delivery) => delivery.kind === 'campaign')) await this.deliveries.finishCampaigns();
    return { claimed: claimed.length, throttled: false };
  }

  private async subscribersOf(claimed: ClaimedDelivery[]): Promise<Map<number, SubscriberRow>> {
    const ids = [...new Set(claimed.map((delivery) => delivery.subscriber_id).filter((id): id is number => id !== null))];
    const rows = ids.length === 0 ? [] : await this.options.db<SubscriberRow>('subscribers').whereIn('id', ids).select('id', 'email', 'status', 'link_version');
    return new Map(rows.map((row) => [Number(row.id), row]));
  }

  /** Each campaign of the batch rendered once (and once more as a test copy when one is due): a recipient's email is its links put in. */
  private async campaignsOf(claimed: ClaimedDelivery[]): Promise<Map<number, { send: CampaignRender; test: CampaignRender }>> {
    const ids = [...new Set(claimed.map((delivery) => delivery.campaign_id).filter((id): id is number => id !== null))];
    const rows = ids.length === 0 ? [] : await this.options.db('campaigns').whereIn('id', ids).select('id', 'subject', 'intro', 'articles');
    const { siteOrigin } = this.options;
    return new Map(
      rows.map((row: { id: string; subject: string; intro: string; articles: CampaignArticle[] }) => {
        const content: CampaignContent = { subject: row.subject, intro: row.intro, articles: row.articles };
        let test: CampaignRender | undefined;
        return [Number(row.id), { send: campaignTemplate(content, siteOrigin), get test() { return (test ??= campaignTemplate(content, siteOrigin, '[測試] ')); } }];
      }),
    );
  }

  /** The email for a delivery, or the reason it is no longer to be sent. */
  private compose(delivery: ClaimedDelivery, subscribers: Map<number, SubscriberRow>, campaigns: Map<number, { send: CampaignRender; test: CampaignRender }>): OutgoingMail | string {
    const { signer, siteOrigin } = this.options;
    const messageId = `d${delivery.id}.${Date.parse(String(delivery.created_at)) || 0}@${this.messageIdDomain}`;
    if (delivery.kind === 'test') {
      const campaign = delivery.campaign_id === null ? undefined : campaigns.get(delivery.campaign_id);
      if (!campaign || !delivery.test_address) return 'campaign gone';
      const links: MailLinks = siteLinks(siteOrigin);
      return campaign.test(delivery.test_address, links, messageId);
    }
    const subscriber = delivery.subscriber_id === null ? undefined : subscribers.get(delivery.subscriber_id);
    if (!subscriber) return 'subscriber gone';
    const links = mailLinks(signer, siteOrigin, Number(subscriber.id), subscriber.link_version);
    if (delivery.kind === 'confirm') {
      if (subscriber.status !== 'pending') return `subscriber ${subscriber.status}`;
      const token = signer.sign({ purpose: 'confirm', subscriberId: Number(subscriber.id), version: subscriber.link_version });
      return confirmationMail(subscriber.email, `${siteOrigin}/newsletter/confirm?t=${token}`, links, siteOrigin, messageId);
    }
    if (subscriber.status !== 'confirmed') return `subscriber ${subscriber.status}`;
    const campaign = delivery.campaign_id === null ? undefined : campaigns.get(delivery.campaign_id);
    if (!campaign) return 'campaign gone';
    return campaign.send(subscriber.email, links, messageId);
  }

  /** Sends one delivery and settles its row; returns the relay's 250 when it is still to be put beside the row (confirmSent). */
  private async deliver(delivery: ClaimedDelivery, prepared: PreparedMail): Promise<string | undefined> {
    const { log } = this.options;
    const recordSent = (db: Knex | Knex.Transaction, response: string) => this.deliveries.markSent(db, delivery.id, this.owner, response);
    try {
      const { answer, record } = await this.options.transport.deliver(prepared, { subscriberId: delivery.subscriber_id, deliveryId: delivery.id, owner: this.owner }, recordSent);
      if (record === 'lease lost') throw new LeaseLost(`delivery ${delivery.id} is no longer ours`);
      if (record === 'unrecorded') {
        // The relay has it and the ledger could not say so: the pool records it now, or else the
        // lease runs out and it goes again (the duplicate docs/adr/0020 prefers to a loss).
        await recordSent(this.options.db, answer).catch((err: unknown) => {
          log.error({ delivery: delivery.id, err }, 'sent, and the record failed: it will be sent again when its lease runs out');
        });
        return undefined;
      }
      return this.options.transport.kind === 'smtp' ? answer : undefined;
    } catch (err) {
      // Logged by delivery id only: an address never reaches a log line.
      if (err instanceof LeaseLost) {
        log.warn({ delivery: delivery.id }, 'delivery sent after its lease ran out; another sender may send it again');
      } else if (err instanceof PermanentFailure) {
        log.warn({ delivery: delivery.id, answer: withoutAddresses(err.message) }, 'permanent failure: address suppressed');
        await this.deliveries.fail(delivery.id, this.owner, err.message);
        if (delivery.subscriber_id !== null) await this.deliveries.suppress(delivery.subscriber_id, err.message);
      } else {
        const message = err instanceof Error ? err.message : String(err);
        const delay = retryDelayMs(delivery.attempts);
        const age = Date.now() - new Date(delivery.created_at).getTime();
        if (age + delay > RETRY_WINDOW_MS) {
          log.warn({ delivery: delivery.id, answer: withoutAddresses(message) }, 'temporary failures for a day: given up');
          await this.deliveries.fail(delivery.id, this.owner, message);
        } else {
          log.info({ delivery: delivery.id, answer: withoutAddresses(message), retryInMs: delay }, 'temporary failure: retried later');
          await this.deliveries.retryLater(delivery.id, this.owner, message, delay);
        }
      }
      return undefined;
    }
  }
}
