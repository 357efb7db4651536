import sanitizeHtml from 'sanitize-html';
import type { TocEntry } from '@coinmag/contracts';
import { stripTags } from '@coinmag/rules';

const LOCAL_HOST_PREFIX = /^(?:https?:)?\/\/(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::\d+)?(?=[/?#]|$)/i;
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;
const VALID_HEADING_ID = /^[\p{L}\p{N}_-]{1,80}$/u;

/** A link or image on the author's own machine (localhost, any port) becomes a site path. */
export function stripLocalHost(url: string): string {
  const stripped = url.trim().replace(LOCAL_HOST_PREFIX, '');
  return stripped === '' ? '/' : stripped;
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'mark', 'sub', 'sup',
    'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'code', 'pre', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs };
      if (next.href) next.href = stripLocalHost(next.href);
      if (next.target && next.target !== '_blank') delete next.target;
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else delete next.rel;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs };
      if (next.src) next.src = stripLocalHost(next.src);
      if (next.src?.toLowerCase().startsWith('data:') && !SAFE_DATA_IMAGE.test(next.src)) delete next.src;
      for (const size of ['width', 'height'] as const) if (next[size] && !/^\d{1,5}$/.test(next[size])) delete next[size];
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The allow-list of elements and attributes the editor produces; everything else is dropped. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

const HEADING = /<h([1-6])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/gi;
const ID_ATTRIBUTE = /\sid="([^"]*)"/i;

/**
 * Gives every heading an id (its own if valid and unique, else heading-{n}) and returns
 * the table of contents. Runs on sanitised HTML, whose tags are well formed.
 */
export function withHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = [];
  const used = new Set<string>();
  let counter = 0;
  const out = html.replace(HEADING, (_whole, levelText: string, attributes: string, inner: string) => {
    counter += 1;
    const level = Number(levelText);
    const text = stripTags(inner);
    let id = ID_ATTRIBUTE.exec(attributes)?.[1] ?? '';
    if (!VALID_HEADING_ID.test(id) || used.has(id)) {
      let n = counter;
      id = `heading-${n}`;
      while (used.has(id)) id = `heading-${++n}`;
    }
    used.add(id);
    if (text) toc.push({ id, text, level });
    const otherAttributes = attributes.replace(ID_ATTRIBUTE, '');
    return `<h${level} id="${id}"${otherAttributes}>${inner}</h${level}>`;
  });
  return { html: out, toc };
}

export interface PreparedContent {
  html: string;
  text: string;
  toc: TocEntry[];
}

/** Everything the service stores for an article body: safe HTML with heading ids, its plain text, its TOC. */
export function prepareArticleContent(rawHtml: string): PreparedContent {
  const { html, toc } = withHeadingIds(sanitizeArticleHtml(rawHtml));
  return { html, text: stripTags(html), toc };
}
