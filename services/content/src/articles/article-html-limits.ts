import { API_MESSAGES, ARTICLE_LIMITS } from '@coinmag/contracts';
import { PayloadTooLargeError, ValidationError } from '@coinmag/service-kit';

/** Elements the HTML parser never keeps open. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Opening one of these right inside another of the same name closes the first (as the parser does). */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option']);
const TAG = /<(\/?)([a-z][a-z0-9-]*)/gi;

/**
 * Bounds the sanitiser's work before it starts: its cost grows with the nesting depth times
 * the length (700k nested <b> took minutes), so the body's size, element count and nesting
 * depth are measured in one linear pass and refused beyond ARTICLE_LIMITS. Counting is
 * conservative: tags inside comments or scripts count too.
 */
export function assertArticleHtmlBounds(html: string): void {
  if (Buffer.byteLength(html) > ARTICLE_LIMITS.contentBytes) throw new PayloadTooLargeError(API_MESSAGES.articleContentTooLarge);
  const tooComplex = () =>
    new ValidationError('content', `${API_MESSAGES.articleContentTooComplex}（上限 ${ARTICLE_LIMITS.contentDepth} 層、${ARTICLE_LIMITS.contentElements} 個標籤）`);
  const open: string[] = [];
  let elements = 0;
  for (const match of html.matchAll(TAG)) {
    const name = match[2]!.toLowerCase();
    if (match[1]) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    if (++elements > ARTICLE_LIMITS.contentElements) throw tooComplex();
    if (VOID.has(name)) continue;
    if (SELF_CLOSING_SIBLINGS.has(name) && open[open.length - 1] === name) open.pop();
    open.push(name);
    if (open.length > ARTICLE_LIMITS.contentDepth) throw tooComplex();
  }
}
