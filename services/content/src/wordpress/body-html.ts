import { Parser } from 'htmlparser2';

/**
 * A post body read by an HTML tokenizer, whose work grows with the body's length only (regular
 * expressions over `<img …` or `<script …` start over at each tag left open).
 */

const VOID_TAGS = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr', 'area', 'col', 'embed', 'param', 'track', 'base']);
const HIDDEN_TEXT = new Set(['script', 'style']);

export interface BodyInspection {
  /** Tags the browser would have to close itself: the post's HTML is broken there. */
  unclosed: string[];
  /** Visible text (not only tags and spaces). */
  hasText: boolean;
  hasImage: boolean;
  /** Each image's `src` as written (entities decoded), once, in order. */
  imageSources: string[];
}

export function inspectBody(html: string): BodyInspection {
  const unclosed = new Set<string>();
  const sources = new Set<string>();
  let hidden = 0;
  let hasText = false;
  let hasImage = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (HIDDEN_TEXT.has(name)) hidden += 1;
      if (name !== 'img') return;
      hasImage = true;
      if (attributes.src) sources.add(attributes.src);
    },
    ontext(text) {
      if (!hidden && !hasText && text.trim()) hasText = true;
    },
    onclosetag(name, isImplied) {
      if (HIDDEN_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
      if (isImplied && !VOID_TAGS.has(name) && name !== 'p' && name !== 'li') unclosed.add(name);
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return { unclosed: [...unclosed], hasText, hasImage, imageSources: [...sources] };
}

/** The text a reader sees: tags, scripts and styles gone, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser({
    onopentag(name) {
      if (HIDDEN_TEXT.has(name)) hidden += 1;
      parts.push(' ');
    },
    ontext(text) {
      if (!hidden) parts.push(text);
    },
    onclosetag(name) {
      if (HIDDEN_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
      parts.push(' ');
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Each `<img>` whose `src` `replace` answers for: a new source (the tag written again with it) or
 * null (the tag removed); undefined leaves the tag as it is.
 */
export function rewriteImages(html: string, replace: (src: string) => string | null | undefined): string {
  const parts: string[] = [];
  let copied = 0;
  const parser: Parser = new Parser({
    onopentag(name, attributes) {
      if (name !== 'img' || !attributes.src) return;
      const next = replace(attributes.src);
      if (next === undefined) return;
      parts.push(html.slice(copied, parser.startIndex));
      copied = parser.endIndex + 1;
      if (next === null) return;
      const written = Object.entries({ ...attributes, src: next }).map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('');
      parts.push(`<img${written}>`);
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  parts.push(html.slice(copied));
  return parts.join('');
}
