import type { WebhookEvent } from '@coinmag/contracts';

/** What the outbox needs of an article before and after a change. */
export interface ArticleState {
  id: number;
  slug: string;
  title: string;
  status: string;
  published_at: Date | null;
}

/** The public API's visibility rule: published, and its time has come. */
export function isPublic(state: ArticleState | undefined, now: Date): state is ArticleState {
  return !!state && state.status === 'published' && !!state.published_at && new Date(state.published_at).getTime() <= now.getTime();
}

/** Published with a time still to come: it becomes public with no write, so it is told when the time comes. */
export function awaitsPublication(state: ArticleState | undefined, now: Date): boolean {
  return !!state && state.status === 'published' && !!state.published_at && new Date(state.published_at).getTime() > now.getTime();
}

/**
 * The event a change makes for readers (docs/product.md §11): only what the public site shows
 * counts, so saving a draft or deleting one tells no one.
 */
export function articleEvent(before: ArticleState | undefined, after: ArticleState | undefined, now: Date): WebhookEvent | undefined {
  const was = isPublic(before, now);
  const is = isPublic(after, now);
  if (!after) return was ? 'article.deleted' : undefined;
  if (!was && is) return 'article.published';
  if (was && is) return 'article.updated';
  if (was && !is) return 'article.unpublished';
  return undefined;
}
