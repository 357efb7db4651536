import { FLASH_CARD_PREFIX, SOCIAL_CARD_PREFIX } from '@coinmag/rules';

/** Whether the request is for a social card (an article's or a 快訊 item's), which the gateway keeps as it keeps content's public answers. */
export function isSocialCardPath(path: string): boolean {
  return path.startsWith(SOCIAL_CARD_PREFIX) || path.startsWith(FLASH_CARD_PREFIX);
}

/**
 * The key a social card is kept under and asked for with: its path and its version (`v`), the
 * one query the media service reads. Any other query (a cache-buster, a tracking tag) names the
 * same answer, so it is answered from the same record instead of asking again.
 */
export function cardCacheKey(path: string, querystring: string): string {
  const versions = new URLSearchParams(querystring).getAll('v');
  if (versions.length === 0) return path;
  return `${path}?${new URLSearchParams(versions.map((v) => ['v', v])).toString()}`;
}
