import { basename } from 'node:path';
import { UnauthorizedError } from '@coinmag/service-kit';
import { uploadImageToMedia } from '../outbound/media-client.js';
import { fetchImage, ImageFetchError, type ImageFetchLimits } from './image-fetcher.js';
import type { ImageBudget } from './image-budget.js';
import type { WordPressImportRepository } from './wordpress-import.repository.js';

/** Media answered 401: the admin's session is over; the job waits for a signed-in admin. */
export class AdminSessionNeeded extends Error {}

export interface ImageOutcome {
  url?: string;
  error?: string;
  /** False when an earlier post (or import) already brought it over. */
  fresh: boolean;
}

export interface ImageImporterOptions {
  mediaUrl: string;
  limits: ImageFetchLimits;
  /** Images fetched at once. */
  concurrency: number;
}

/**
 * Brings images from the old site through the media service's pipeline (checked by its bytes,
 * variants made), each source URL once: remembered in Postgres across posts and imports, and
 * shared while in flight.
 */
export class WordPressImages {
  private readonly inFlight = new Map<string, Promise<ImageOutcome>>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly repository: WordPressImportRepository,
    private readonly options: ImageImporterOptions,
  ) {}

  bring(sourceUrl: string, token: string, requestId: string, budget: ImageBudget): Promise<ImageOutcome> {
    let pending = this.inFlight.get(sourceUrl);
    if (!pending) {
      pending = this.bringOnce(sourceUrl, token, requestId, budget).finally(() => this.inFlight.delete(sourceUrl));
      this.inFlight.set(sourceUrl, pending);
    }
    return pending;
  }

  private async bringOnce(sourceUrl: string, token: string, requestId: string, budget: ImageBudget): Promise<ImageOutcome> {
    const known = await this.repository.findImage(sourceUrl);
    if (known?.url) return { url: known.url, fresh: false };
    await this.slot();
    try {
      // Asked once a slot is free: the images waiting behind a dead host's timeouts see its breaker open.
      const refused = budget.refusal(sourceUrl);
      if (refused) {
        await this.repository.saveImage(sourceUrl, null, refused);
        return { error: refused, fresh: true };
      }
      let image: Awaited<ReturnType<typeof fetchImage>>;
      try {
        image = await fetchImage(sourceUrl, this.options.limits);
        budget.record(sourceUrl, true);
      } catch (err) {
        // A missing image says nothing of the host; timeouts and refused connections do.
        if (err instanceof ImageFetchError && err.hostTrouble) budget.record(sourceUrl, false);
        throw err;
      }
      const name = decodeURIComponent(basename(new URL(sourceUrl).pathname)).slice(0, 100) || 'image';
      const stored = await uploadImageToMedia({ mediaUrl: this.options.mediaUrl, token, requestId, purpose: 'content', field: 'image', file: { data: image.data, filename: name, mimeType: image.mimeType } });
      await this.repository.saveImage(sourceUrl, stored.url, null);
      return { url: stored.url, fresh: true };
    } catch (err) {
      if (err instanceof UnauthorizedError) throw new AdminSessionNeeded();
      const error = err instanceof ImageFetchError ? err.message : `圖片服務無法處理（${(err as Error).message}）`;
      await this.repository.saveImage(sourceUrl, null, error);
      return { error, fresh: true };
    } finally {
      this.release();
    }
  }

  private async slot(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
