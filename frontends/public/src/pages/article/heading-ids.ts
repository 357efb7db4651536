import type { TocEntry } from '@coinmag/contracts';

const HEADING_OPEN = /<h([1-6])(\s[^>]*)?>/gi;
const HAS_ID = /\sid\s*=\s*["']?[^"'\s>]/i;

/**
 * docs/product.md §2: a heading without an id takes the id of the table-of-contents entry in the same
 * place, else heading-{n} (n counts headings from 1), so every TOC link has a target.
 */
export function ensureHeadingIds(html: string, toc: readonly Pick<TocEntry, 'id'>[]): string {
  let index = 0;
  return html.replace(HEADING_OPEN, (whole, level: string, attrs: string | undefined) => {
    const position = index++;
    if (attrs && HAS_ID.test(attrs)) return whole;
    const id = toc[position]?.id || `heading-${position + 1}`;
    return `<h${level} id="${id.replace(/"/g, '&quot;')}"${attrs ?? ''}>`;
  });
}

/** Left indent of a TOC entry, by heading level 1 to 6. */
export function tocIndent(level: number): number {
  return Math.min(6, Math.max(1, level)) - 1;
}
