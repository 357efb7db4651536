/**
 * One tag, one page (docs/product.md §3 Tag pages). An article keeps the tag as its editor typed
 * it (that spelling is its hashtag); the tag's key is what every spelling of it has in common:
 * NFKC (full-width letters, digits and signs become half-width), lower case, each run of
 * whitespace and slashes one hyphen (a slash cannot stand in a path segment). The key is the tag page's URL segment (`/tag/{key}`, Chinese kept as it is, as
 * slugs are), and spellings that share it meet on one page.
 */
export function tagKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase().normalize('NFKC').replace(/[\s/\\]+/g, '-');
}

/** As long as a stored tag may be (contracts ARTICLE_LIMITS.tagLength), with room for NFKC expansion. */
const TAG_PARAM_MAX = 60;
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff/\\]/u;

/** The key a tag page's path segment names, or null when it cannot name a tag (bad escape, slash, control character, too long). */
export function tagFromParam(segment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (UNSAFE.test(decoded)) return null;
  const key = tagKey(decoded);
  return key && Array.from(key).length <= TAG_PARAM_MAX ? key : null;
}
