/**
 * WordPress post bodies as plain HTML (docs/product.md, WordPress import): [caption], [gallery]
 * and [embed] become figures, images and links; block comments (<!-- wp:… -->) are dropped,
 * keeping the HTML they wrap; any other shortcode is removed and named in the report.
 */

export interface BodyConversion {
  html: string;
  /** Shortcode names removed (each once). */
  removedShortcodes: string[];
  /** Attachment ids a [gallery ids="…"] named, in order. */
  galleryIds: number[];
}

const CAPTION = /\[(caption|wp_caption)([^\]]*)\]([\s\S]*?)\[\/\1\]/gi;
const GALLERY = /\[gallery([^\]]*)\]/gi;
const EMBED = /\[embed([^\]]*)\]([\s\S]*?)\[\/embed\]/gi;
const BLOCK_COMMENT = /<!--\s*\/?wp:[\s\S]*?-->/g;
/** Lower-case names only: bracketed text such as [BTC] or [註1] is the author's, not a shortcode. */
const ANY_SHORTCODE = /\[\/?([a-z][a-z0-9_-]{0,40})((?:\s[^\]]*)?)\]/g;
const ATTRIBUTE = /([a-z_-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))/gi;

function attributes(raw: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of raw.matchAll(ATTRIBUTE)) found[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  return found;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The image (or linked image) inside a caption, and the text after it as the caption. */
function captionFigure(attrs: string, inner: string): string {
  const image = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  const caption = attributes(attrs).caption;
  if (!image) return inner;
  const text = (image[2] ?? '').trim() || (caption ? escapeHtml(caption) : '');
  return `<figure>${image[1]}${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
}

/** An [embed]: the URL as a link (iframes are not part of the editor's HTML). */
function embedLink(url: string): string {
  const href = url.trim();
  if (!/^https?:\/\//i.test(href)) return '';
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;
}

/**
 * Converts the shortcodes we know; `galleryImage` writes one image of a gallery (the mapping knows
 * the attachments' URLs). WordPress wraps paragraphs with blank lines (wpautop): applied too.
 */
export function convertWordPressBody(body: string, galleryImage: (attachmentId: number) => string | undefined): BodyConversion {
  const removed = new Set<string>();
  const galleryIds: number[] = [];
  let html = body.replace(BLOCK_COMMENT, '');
  html = html.replace(CAPTION, (_all, _name: string, attrs: string, inner: string) => captionFigure(attrs, inner));
  html = html.replace(GALLERY, (_all, attrs: string) => {
    const ids = (attributes(attrs).ids ?? '').split(',').map((id) => Number(id.trim())).filter((id) => Number.isInteger(id) && id > 0);
    galleryIds.push(...ids);
    const images = ids.map((id) => galleryImage(id)).filter((image): image is string => Boolean(image));
    if (!ids.length) removed.add('gallery');
    return images.length ? `<figure>${images.join('')}</figure>` : '';
  });
  html = html.replace(EMBED, (_all, _attrs: string, url: string) => embedLink(url));
  html = html.replace(ANY_SHORTCODE, (whole, name: string) => {
    removed.add(name.toLowerCase());
    return '';
  });
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
