import type { Logger } from '@coinmag/service-kit';
import type { PublishedArticle, ScheduledRepository } from './scheduled.repository.js';

const MAX_SLEEP_MS = 1000;

/**
 * Publishes scheduled articles at their published_at, to the second, with no request
 * needed. Replicas racing publish each article once (see ScheduledRepository.publishDue);
 * after downtime the first tick catches up on everything whose time passed.
 */
export class PublishScheduler {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(
    private readonly scheduled: ScheduledRepository,
    private readonly onPublished: (published: PublishedArticle[]) => Promise<void>,
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
    /** Told when flash items' time came: readers' answers that show items are dropped. */
    private readonly onFlashPublished: () => Promise<void> = async () => {},
  ) {}

  /** One pass: publishes what is due (and logs it as done by the system, in the same transaction), returns it. */
  async tick(): Promise<PublishedArticle[]> {
    const published = await this.scheduled.publishDue(this.clock(), (row) => ({ action: 'article.scheduled_publish', actor: 'system', subjectId: row.id, summary: row.title }));
    if (published.length > 0) {
      this.log.info({ slugs: published.map((article) => article.slug) }, 'scheduled articles published');
      await this.onPublished(published);
    }
    const flash = await this.scheduled.announceDueFlash(this.clock());
    if (flash.length > 0) {
      this.log.info({ ids: flash.map((item) => item.id) }, 'scheduled flash items published');
      await this.onFlashPublished();
    }
    return published;
  }

  start(): void {
    this.stopped = false;
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async loop(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.tick();
    } catch (err) {
      this.log.error({ err }, 'publishing scheduled articles failed; will retry');
    }
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.loop(), await this.sleepFor());
  }

  /** Wakes exactly at the next due time when it is within a second, else in a second. */
  private async sleepFor(): Promise<number> {
    try {
      const next = await this.scheduled.nextDue();
      if (next) return Math.max(0, Math.min(MAX_SLEEP_MS, next.getTime() - this.clock().getTime()));
    } catch {
      // fall through to the default pace
    }
    return MAX_SLEEP_MS;
  }
}
