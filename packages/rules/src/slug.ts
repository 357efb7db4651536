/**
 * The slug rule of docs/product.md §5, shared by the admin form (live normalisation)
 * and the content service (stored slugs): trimmed, spaces to hyphens, anything
 * but letters, digits and Chinese characters to hyphens, hyphens collapsed and
 * trimmed, lower-cased.
 */
const NOT_SLUG_CHAR = /[^\p{L}\p{N}\p{Script=Han}-]+/gu;

export function normalizeSlug(input: string): string {
  return input
    .trim()
    .replace(/\s+/g, '-')
    .replace(NOT_SLUG_CHAR, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** Slugs are bounded so they fit the column and a URL stays readable. */
export const SLUG_MAX_LENGTH = 120;

export function slugFromTitle(title: string): string {
  return normalizeSlug(title).slice(0, SLUG_MAX_LENGTH).replace(/-+$/g, '');
}

/**
 * What a slug in a URL or API path may look like (stored slugs and those kept from imports): letters,
 * digits, `_` and `-`, at most 200. Anything else cannot name an article or a category, so a path
 * carrying it is a 404 (or the API's 400), never a question to the database.
 */
const SLUG_PARAM = /^[\p{L}\p{N}_-]{1,200}$/u;

export function isSlugParam(value: string): boolean {
  return SLUG_PARAM.test(value);
}
