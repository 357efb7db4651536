import { tagKey } from '@coinmag/rules';

export const TAG_MESSAGES = { empty: '標籤不能為空', duplicate: '標籤已存在' } as const;

export type TagEntryResult = { ok: true; tags: string[] } | { ok: false; error: string };

/** One tag typed into the tag field and confirmed with Enter (docs/product.md §5). */
export function addTag(tags: readonly string[], typed: string): TagEntryResult {
  const tag = typed.trim();
  if (!tag) return { ok: false, error: TAG_MESSAGES.empty };
  // The same tag page (rules tagKey): case, full-width/half-width and spacing variants are one tag.
  if (tags.some((existing) => tagKey(existing) === tagKey(tag))) return { ok: false, error: TAG_MESSAGES.duplicate };
  return { ok: true, tags: [...tags, tag] };
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((existing) => existing !== tag);
}

/** What the save sends: trimmed, empties dropped. */
export function cleanTags(tags: readonly string[]): string[] {
  return tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0);
}
