import type { WebhookEvent } from '@coinmag/contracts';

/** What the outbox needs of a flash item before and after a change. */
export interface FlashState {
  id: number;
  text: string;
  published_at: Date;
}

/** Readers see an item once its time has come. */
export function isPublicFlash(state: FlashState | undefined, now: Date): state is FlashState {
  return !!state && new Date(state.published_at).getTime() <= now.getTime();
}

/**
 * The event a change of a flash item makes for readers (docs/product.md §11): an item that
 * leaves the public site (deleted, or moved to a time to come) is `flash.deleted`; a scheduled
 * one tells no one until the scheduler's pass publishes it.
 */
export function flashEvent(before: FlashState | undefined, after: FlashState | undefined, now: Date): WebhookEvent | undefined {
  const was = isPublicFlash(before, now);
  const is = isPublicFlash(after, now);
  if (!was && is) return 'flash.published';
  if (was && is) return 'flash.updated';
  if (was && !is) return 'flash.deleted';
  return undefined;
}
