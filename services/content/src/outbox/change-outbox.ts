import type { Knex } from 'knex';
import { articleEvent, awaitsPublication, isPublic, type ArticleState } from './article-events.js';
import { flashEvent, type FlashState } from './flash-events.js';
import type { OutboxRepository } from './outbox.repository.js';

/**
 * What a change of an article or of the site writes to the outbox, inside the change's own
 * transaction: the webhook deliveries of its event and the URLs IndexNow is to be told.
 */
export class ChangeOutbox {
  constructor(
    private readonly outbox: OutboxRepository,
    /** SITE_ORIGIN: absolute article URLs; without it payloads carry paths and IndexNow is off. */
    private readonly siteOrigin: string | undefined,
    private readonly clock: () => Date = () => new Date(),
    /** Called after the transaction commits, to send at once. */
    private readonly written: () => void = () => {},
  ) {}

  private url(slug: string): string {
    return `${this.siteOrigin?.replace(/\/$/, '') ?? ''}/article/${encodeURIComponent(slug)}`;
  }

  /** Writes the article's event, if the change is one readers see; true when it wrote any. */
  async articleChanged(trx: Knex.Transaction, before: ArticleState | undefined, after: ArticleState | undefined): Promise<boolean> {
    const now = this.clock();
    // A published article whose time is still to come is told by the scheduler's pass when it comes (ScheduledRepository).
    if (after) await trx('articles').where({ id: after.id }).update({ announce_on_publication: awaitsPublication(after, now) });
    const event = articleEvent(before, after, now);
    if (!event) return false;
    const article = (after ?? before)!;
    const previousUrl = isPublic(before, now) && after && before.slug !== after.slug ? this.url(before.slug) : undefined;
    await this.outbox.enqueueWebhooks(trx, now, event, {
      article: {
        id: article.id,
        slug: article.slug,
        title: article.title,
        url: this.url(article.slug),
        published_at: article.published_at ? new Date(article.published_at).toISOString() : null,
        ...(previousUrl ? { previous_url: previousUrl } : {}),
      },
    });
    if (this.siteOrigin) await this.outbox.enqueueIndexNow(trx, now, event, previousUrl ? [this.url(article.slug), previousUrl] : [this.url(article.slug)]);
    trx.executionPromise.then(this.written, () => {});
    return true;
  }

  /**
   * Writes a flash item's event, if readers see the change (docs/product.md §11); an item whose
   * time is still to come is marked to be told by the scheduler's pass when it comes.
   */
  async flashChanged(trx: Knex.Transaction, before: FlashState | undefined, after: FlashState | undefined): Promise<boolean> {
    const now = this.clock();
    if (after) await trx('flash_items').where({ id: after.id }).update({ announce_on_publication: new Date(after.published_at).getTime() > now.getTime() });
    const event = flashEvent(before, after, now);
    if (!event) return false;
    const item = (after ?? before)!;
    const url = `${this.siteOrigin?.replace(/\/$/, '') ?? ''}/flash/${item.id}`;
    await this.outbox.enqueueWebhooks(trx, now, event, {
      flash: { id: item.id, text: item.text, url, published_at: new Date(item.published_at).toISOString() },
    });
    if (this.siteOrigin) await this.outbox.enqueueIndexNow(trx, now, event, [url]);
    trx.executionPromise.then(this.written, () => {});
    return true;
  }

  /** The site's settings changed. */
  async siteChanged(trx: Knex.Transaction): Promise<void> {
    await this.outbox.enqueueWebhooks(trx, this.clock(), 'site.changed', {});
    trx.executionPromise.then(this.written, () => {});
  }
}
