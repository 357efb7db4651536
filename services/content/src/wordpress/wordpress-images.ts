import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { grantAuthorization, grantDigest, ServiceUnavailableError, UnauthorizedError } from '@coinmag/service-kit';
import { uploadImageToMedia } from '../outbound/media-client.js';
import { fetchImage, ImageFetchError, type ImageFetchLimits } from './image-fetcher.js';
import type { ImageBudget } from './image-budget.js';
import type { WordPressImageGrants } from './wordpress-image-grants.js';
import type { WordPressImportRepository } from './wordpress-import.repository.js';

/**
 * Media (or content's upload audit) refused the job's service grant: the services do not share
 * one FORWARDING_SECRET. No image can be brought over until that is fixed: the job fails with this.
 */
export class ImportGrantRefused extends ServiceUnavailableError {
  constructor() {
    super('圖片服務不接受匯入的服務憑證，請確認各服務設定相同的 FORWARDING_SECRET');
  }
}

/** The job an image is brought for: its id and the admin who confirmed it (named by each upload's grant, so in the audit log). */
export interface ImageJob {
  id: number;
  actor: string;
}

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
  /**
   * FORWARDING_SECRET: each upload carries a service grant signed with it (service-kit
   * service-grant.ts), so a job outlives the confirming admin's token. Absent: no image import.
   */
  grantSecret?: string;
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
    /** Where each upload's grant is recorded, so the upload audit redeems only grants issued here. */
    private readonly grants: WordPressImageGrants,
    private readonly options: ImageImporterOptions,
  ) {}

  /** Whether images can be imported at all (a grant secret is set). */
  get available(): boolean {
    return Boolean(this.options.grantSecret);
  }

  bring(sourceUrl: string, job: ImageJob, requestId: string, budget: ImageBudget): Promise<ImageOutcome> {
    let pending = this.inFlight.get(sourceUrl);
    if (!pending) {
      pending = this.bringOnce(sourceUrl, job, requestId, budget).finally(() => this.inFlight.delete(sourceUrl));
      this.inFlight.set(sourceUrl, pending);
    }
    return pending;
  }

  private async bringOnce(sourceUrl: string, job: ImageJob, requestId: string, budget: ImageBudget): Promise<ImageOutcome> {
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
      if (!this.options.grantSecret) throw new ImportGrantRefused();
      // Issued for this file of this job alone, when it is sent: nothing the job keeps can expire under it.
      const grant = await this.grants.issue(job.id, job.actor, grantDigest(image.data));
      const authorization = grantAuthorization(grant, this.options.grantSecret);
      // Each upload its own request id (the audit records one entry per request id).
      const uploadRequestId = `${requestId}.${createHash('sha256').update(sourceUrl).digest('hex').slice(0, 16)}`;
      const stored = await uploadImageToMedia({ mediaUrl: this.options.mediaUrl, authorization, requestId: uploadRequestId, purpose: 'content', field: 'image', file: { data: image.data, filename: name, mimeType: image.mimeType } });
      await this.repository.saveImage(sourceUrl, stored.url, null);
      return { url: stored.url, fresh: true };
    } catch (err) {
      if (err instanceof UnauthorizedError || err instanceof ImportGrantRefused) throw new ImportGrantRefused();
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
