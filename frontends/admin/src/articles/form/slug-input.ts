import { normalizeSlug } from '@coinmag/rules';

/**
 * The slug field normalises live with the shared rule (docs/product.md §5). While typing, a trailing
 * separator is kept as one hyphen so "bitcoin " can still become "bitcoin-news"; the final
 * value (on blur and on save) is the plain rule.
 */
export function normalizeSlugWhileTyping(typed: string): string {
  const normalized = normalizeSlug(typed);
  if (!normalized) return '';
  const endsWithSeparator = /[^\p{L}\p{N}\p{Script=Han}]$/u.test(typed);
  return endsWithSeparator ? `${normalized}-` : normalized;
}
