/**
 * What one import job may still spend on fetching images: a deadline for all of them
 * (WORDPRESS_IMAGE_DEADLINE_MS from the job's start) and, per host, a breaker that opens after
 * WORDPRESS_IMAGE_HOST_FAILURES failures in a row (timeouts, refused connections, 5xx answers),
 * so a dead or dead-slow old site costs a few timeouts, not one per image (10,000 images at 30 s
 * were 21 hours). Images refused here are reported like any image that could not be fetched.
 */
export const WORDPRESS_IMAGE_BUDGET_DEFAULTS = { deadlineMs: 6 * 60 * 60 * 1000, hostFailures: 10 } as const;

export interface ImageBudgetOptions {
  /** Epoch ms after which no image is fetched. */
  deadline: number;
  /** Failures in a row after which a host's other images are skipped. */
  hostFailures: number;
}

export class ImageBudget {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly options: ImageBudgetOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Why this image is not fetched, or undefined when it may be. */
  refusal(sourceUrl: string): string | undefined {
    if (this.now() >= this.options.deadline) return '匯入圖片的時限已到，未取得';
    const host = hostOf(sourceUrl);
    if ((this.failures.get(host) ?? 0) >= this.options.hostFailures) return `原站 ${host} 連續 ${this.options.hostFailures} 張圖片無法取得，其餘圖片已略過`;
    return undefined;
  }

  /** The outcome of a fetch from the old site: a success closes its host's count again. */
  record(sourceUrl: string, fetched: boolean): void {
    const host = hostOf(sourceUrl);
    this.failures.set(host, fetched ? 0 : (this.failures.get(host) ?? 0) + 1);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
