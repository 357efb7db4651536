/**
 * WordPress post bodies as plain HTML (docs/product.md, WordPress import): [caption], [gallery]
 * and [embed] become figures, images and links; block comments (<!-- wp:… -->) are dropped,
 * keeping the HTML they wrap; any other shortcode is removed and named in the report.
 */
import { asciiLower, ForwardFinder } from './linear-text.js';

export interface BodyConversion {
  html: string;
  /** Shortcode names removed (each once). */
  removedShortcodes: string[];
  /** Attachment ids a [gallery ids="…"] named, in order. */
  galleryIds: number[];
}

/** Attribute text read from a shortcode (bounded: a caption's attributes are a line, not a book). */
const ATTRIBUTES_MAX = 4096;
const NAME_CHAR = /[a-z0-9_-]/;
const ATTRIBUTE_NAME_CHAR = /[a-z_-]/i;
const SPACE = /\s/;

/** `key="value"`, `key='value'` or `key=value` pairs, read in one pass. */
function attributes(raw: string): Record<string, string> {
  const text = raw.slice(0, ATTRIBUTES_MAX);
  const found: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    if (!ATTRIBUTE_NAME_CHAR.test(text[i]!)) {
      i += 1;
      continue;
    }
    const nameStart = i;
    while (i < text.length && ATTRIBUTE_NAME_CHAR.test(text[i]!)) i += 1;
    const name = text.slice(nameStart, i).toLowerCase();
    let j = i;
    while (j < text.length && SPACE.test(text[j]!)) j += 1;
    if (text[j] !== '=') continue;
    j += 1;
    while (j < text.length && SPACE.test(text[j]!)) j += 1;
    const quote = text[j];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, j + 1);
      if (close >= 0) {
        found[name] = text.slice(j + 1, close);
        i = close + 1;
        continue;
      }
    }
    const valueStart = j;
    while (j < text.length && text[j] !== ']' && !SPACE.test(text[j]!)) j += 1;
    if (j > valueStart) found[name] = text.slice(valueStart, j);
    i = Math.max(j, i);
  }
  return found;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Sticky: tried once, at the start of the caption's text. */
const CAPTION_IMAGE = /\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)/iy;

/** The image (or linked image) inside a caption, and the text after it as the caption. */
function captionFigure(attrs: string, inner: string): string {
  CAPTION_IMAGE.lastIndex = 0;
  const image = CAPTION_IMAGE.exec(inner);
  const caption = attributes(attrs).caption;
  if (!image) return inner;
  const text = inner.slice(CAPTION_IMAGE.lastIndex).trim() || (caption ? escapeHtml(caption) : '');
  return `<figure>${image[1]}${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
}

/** An [embed]: the URL as a link (iframes are not part of the editor's HTML). */
function embedLink(url: string): string {
  const href = url.trim();
  if (!/^https?:\/\//i.test(href)) return '';
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;
}

/** Block comments (`<!-- wp:… -->`, `<!-- /wp:… -->`) dropped, what they wrap kept. */
export function withoutBlockComments(html: string): string {
  const parts: string[] = [];
  let copied = 0;
  for (let open = html.indexOf('<!--'); open >= 0; open = html.indexOf('<!--', open + 4)) {
    let at = open + 4;
    while (at < html.length && SPACE.test(html[at]!)) at += 1;
    if (html[at] === '/') at += 1;
    if (!html.startsWith('wp:', at)) continue;
    const close = html.indexOf('-->', at + 3);
    // No closer here: none for any later opener either.
    if (close < 0) break;
    parts.push(html.slice(copied, open));
    copied = close + 3;
    open = copied - 4;
  }
  parts.push(html.slice(copied));
  return parts.join('');
}

/**
 * Each `[name attrs]` (and, when `paired`, its text up to `[/name]`) replaced, names matched
 * without regard to case, as WordPress does. Linear: a missing `]` or closer is looked for once.
 */
function replaceShortcode(html: string, names: readonly string[], paired: boolean, replace: (attrs: string, inner: string) => string): string {
  const lower = asciiLower(html);
  const bracket = new ForwardFinder(html, ']');
  const closers = new Map(names.map((name) => [name, new ForwardFinder(lower, `[/${name}]`)]));
  const parts: string[] = [];
  let copied = 0;
  for (let open = html.indexOf('['); open >= 0; open = html.indexOf('[', open + 1)) {
    const name = names.find((candidate) => lower.startsWith(candidate, open + 1));
    if (!name) continue;
    const close = bracket.next(open + 1 + name.length);
    if (close < 0) break;
    let end = close + 1;
    let inner = '';
    if (paired) {
      const closer = closers.get(name)!.next(end);
      if (closer < 0) continue;
      inner = html.slice(end, closer);
      end = closer + name.length + 3;
    }
    parts.push(html.slice(copied, open), replace(html.slice(open + 1 + name.length, close), inner));
    copied = end;
    open = end - 1;
  }
  parts.push(html.slice(copied));
  return parts.join('');
}

/**
 * Any other shortcode, `[name]`, `[name attrs]` or `[/name]`, removed and its name noted. Lower-case
 * names only: bracketed text such as [BTC] or [註1] is the author's, not a shortcode.
 */
function withoutOtherShortcodes(html: string, removed: Set<string>): string {
  const bracket = new ForwardFinder(html, ']');
  const parts: string[] = [];
  let copied = 0;
  for (let open = html.indexOf('['); open >= 0; open = html.indexOf('[', open + 1)) {
    let at = open + 1;
    if (html[at] === '/') at += 1;
    const nameStart = at;
    if (!/[a-z]/.test(html[at] ?? '')) continue;
    while (at < html.length && at - nameStart < 42 && NAME_CHAR.test(html[at]!)) at += 1;
    if (at - nameStart > 41) continue;
    let close = at;
    if (html[at] !== ']') {
      if (!SPACE.test(html[at] ?? '')) continue;
      close = bracket.next(at);
      if (close < 0) break;
    }
    removed.add(html.slice(nameStart, at));
    parts.push(html.slice(copied, open));
    copied = close + 1;
    open = close;
  }
  parts.push(html.slice(copied));
  return parts.join('');
}

/**
 * Converts the shortcodes we know; `galleryImage` writes one image of a gallery (the mapping knows
 * the attachments' URLs). WordPress wraps paragraphs with blank lines (wpautop): applied too.
 * Every step reads the body in one pass (linear-text.ts).
 */
export function convertWordPressBody(body: string, galleryImage: (attachmentId: number) => string | undefined): BodyConversion {
  const removed = new Set<string>();
  const galleryIds: number[] = [];
  let html = withoutBlockComments(body);
  html = replaceShortcode(html, ['caption', 'wp_caption'], true, (attrs, inner) => captionFigure(attrs, inner));
  html = replaceShortcode(html, ['gallery'], false, (attrs) => {
    const ids = (attributes(attrs).ids ?? '').split(',').map((id) => Number(id.trim())).filter((id) => Number.isInteger(id) && id > 0);
    galleryIds.push(...ids);
    const images = ids.map((id) => galleryImage(id)).filter((image): image is string => Boolean(image));
    if (!ids.length) removed.add('gallery');
    return images.length ? `<figure>${images.join('')}</figure>` : '';
  });
  html = replaceShortcode(html, ['embed'], true, (_attrs, url) => embedLink(url));
  html = withoutOtherShortcodes(html, removed);
  return { html: autoParagraphs(html), removedShortcodes: [...removed], galleryIds };
}

const BLOCK_START = /^\s*<(?:p|h[1-6]|ul|ol|li|blockquote|figure|table|pre|div|hr|img)\b/i;

/** WordPress's classic editor keeps paragraphs as blank lines: wrap them, as the site showed them. */
export function autoParagraphs(html: string): string {
  if (/<p\b/i.test(html)) return html;
  return html
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (BLOCK_START.test(part) ? part : `<p>${part.replace(/\n/g, '<br>')}</p>`))
    .join('\n');
}
