import { SOCIAL_CARD_PREFIX } from '@coinmag/rules';
import type { Logger } from '@coinmag/service-kit';

/** Cards waiting to be drawn; past this a save asks for none (the first reader's request draws it). */
const MAX_WAITING = 500;

/**
 * Has the media service draw an article's social card just after a save, off the save's path:
 * the save never waits for it, and the first share of a new article finds its card drawn. One
 * request at a time, each bounded; a failure is logged and left to the first reader.
 */
export class SocialCardWarmer {
  private readonly waiting = new Set<string>();
  private draining: Promise<void> | undefined;

  constructor(
    /** The media service's internal address (a function when it is known only later, as in tests). */
    private readonly mediaUrl: string | (() => string),
    private readonly log: Logger,
    private readonly timeoutMs = 15_000,
  ) {}

  warm(slug: string): void {
    if (this.waiting.size >= MAX_WAITING) return;
    this.waiting.add(slug);
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  /** Resolves when every card asked for has been drawn or given up (tests, shutdown). */
  idle(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    for (let slug = this.next(); slug !== undefined; slug = this.next()) {
      try {
        const base = typeof this.mediaUrl === 'string' ? this.mediaUrl : this.mediaUrl();
        const res = await fetch(`${base.replace(/\/$/, '')}${SOCIAL_CARD_PREFIX}${encodeURIComponent(slug)}.png`, { method: 'HEAD', signal: AbortSignal.timeout(this.timeoutMs) });
        if (!res.ok) this.log.warn({ slug, status: res.status }, 'social card not drawn after the save');
      } catch (err) {
        this.log.warn({ slug, err }, 'social card not drawn after the save');
      }
    }
  }

  private next(): string | undefined {
    const [slug] = this.waiting;
    if (slug !== undefined) this.waiting.delete(slug);
    return slug;
  }
}
