import { formatW3cTaipei } from './dates.js';
import { stripTags, truncate } from './text.js';

export interface Breadcrumb {
  name: string;
  path: string;
}

/** docs/product.md §3 page metadata inputs; `origin` is the canonical origin (scheme and host). */
export interface PageMetaInput {
  origin: string;
  siteTitle: string;
  /** The page's own title; the home page passes none and gets the site title alone. */
  title?: string;
  description: string;
  path: string;
  image?: string | null;
  /** JSON-LD's images when they differ from `image`: the cover's 16:9, 4:3 and 1:1 crops (contracts aspectUrls). */
  structuredImages?: string[] | null;
  type?: 'website' | 'article';
  publishedTime?: string | null;
  modifiedTime?: string | null;
  keywords?: string[];
  articleSection?: string | null;
  breadcrumbs?: Breadcrumb[];
  noIndex?: boolean;
  authorName?: string;
  /** A feed of this page's own (a category's RSS) besides the site's. */
  feed?: { title: string; path: string };
  /** The page is an ordered list (a learning path's lessons, the list of paths): JSON-LD ItemList, and Course when `course`. */
  itemList?: { name: string; items: Breadcrumb[]; course?: boolean };
  /** JSON-LD of the page's own (the glossary's DefinedTermSet and DefinedTerm), after the standard ones; given the origin for its URLs. */
  structuredData?: (origin: string) => object[];
}

export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

export interface PageHead {
  title: string;
  tags: HeadTag[];
}

export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;
export const SOCIAL_APP_ID = '000000000000000';
export const DESCRIPTION_FALLBACK_LENGTH = 160;
/** Served by the gateway from the shell's build (frontends/shell/src/layout/logo.svg). */
export const PUBLISHER_LOGO_PATH = '/mf/shell/brand/logo.svg';
/** The site's RSS feed; a category's is /category/{slug}/rss.xml. */
export const SITE_FEED_PATH = '/rss.xml';

/** An image URL made absolute against the origin: site paths are prefixed, bare file names live under /uploads/. */
export function absoluteUrl(origin: string, url: string): string {
  if (/^(https?:)?\/\//i.test(url) || url.startsWith('data:')) return url;
  return `${origin}${url.startsWith('/') ? url : `/uploads/${url}`}`;
}

/** docs/product.md §2: meta_description, else the excerpt without tags, else the first 160 characters of the content, else the fallback. */
export function articleDescription(
  article: { meta_description?: string | null; excerpt?: string | null; content?: string | null; content_text?: string | null },
  fallback: string,
): string {
  const meta = article.meta_description?.trim();
  if (meta) return meta;
  const excerpt = stripTags(article.excerpt ?? '');
  if (excerpt) return excerpt;
  // The plain text first: the body the API serves carries the glossary's definitions as tooltips.
  const body = article.content_text?.trim() || (article.content ? stripTags(article.content) : '');
  if (body) return truncate(body, DESCRIPTION_FALLBACK_LENGTH, '');
  return fallback;
}

/** Keywords from the comma-separated tags string: trimmed, empties and repeats dropped. */
export function keywordsFromTags(tags: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const tag of (tags ?? '').split(',')) {
    const clean = tag.trim();
    if (clean) seen.add(clean);
  }
  return [...seen];
}

const meta = (key: 'name' | 'property', id: string, content: string): HeadTag => ({ tag: 'meta', attrs: { [key]: id, content } });

/** Every head element a page needs: description, canonical, Open Graph, Twitter, article times, JSON-LD. */
export function buildPageHead(input: PageMetaInput): PageHead {
  const title = input.title ? `${input.title} | ${input.siteTitle}` : input.siteTitle;
  const url = `${input.origin}${input.path}`;
  const type = input.type ?? 'website';
  const image = input.image ? absoluteUrl(input.origin, input.image) : null;
  const tags: HeadTag[] = [
    meta('name', 'description', input.description),
    { tag: 'link', attrs: { rel: 'canonical', href: url } },
    meta('property', 'og:site_name', input.siteTitle),
    meta('property', 'og:locale', 'zh_TW'),
    meta('property', 'og:type', type),
    meta('property', 'og:title', input.title ?? input.siteTitle),
    meta('property', 'og:description', input.description),
    meta('property', 'og:url', url),
    meta('property', 'fb:app_id', SOCIAL_APP_ID),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', input.title ?? input.siteTitle),
    meta('name', 'twitter:description', input.description),
    { tag: 'link', attrs: { rel: 'alternate', type: 'application/rss+xml', title: input.siteTitle, href: `${input.origin}${SITE_FEED_PATH}` } },
  ];
  if (input.feed) tags.push({ tag: 'link', attrs: { rel: 'alternate', type: 'application/rss+xml', title: `${input.feed.title} | ${input.siteTitle}`, href: `${input.origin}${input.feed.path}` } });
  if (input.noIndex) tags.push(meta('name', 'robots', 'noindex, nofollow'));
  if (input.keywords?.length) tags.push(meta('name', 'keywords', input.keywords.join(', ')));
  if (image) {
    tags.push(
      meta('property', 'og:image', image),
      meta('property', 'og:image:width', String(SOCIAL_IMAGE.width)),
      meta('property', 'og:image:height', String(SOCIAL_IMAGE.height)),
      meta('property', 'og:image:alt', input.title ?? input.siteTitle),
      meta('name', 'twitter:image', image),
    );
  }
  if (type === 'article') {
    if (input.publishedTime) tags.push(meta('property', 'article:published_time', input.publishedTime));
    if (input.modifiedTime) tags.push(meta('property', 'article:modified_time', input.modifiedTime));
    if (input.articleSection) tags.push(meta('property', 'article:section', input.articleSection));
    for (const keyword of input.keywords ?? []) tags.push(meta('property', 'article:tag', keyword));
  }
  const schemas: object[] = [];
  const structuredImages = input.structuredImages?.length ? input.structuredImages.map((url) => absoluteUrl(input.origin, url)) : image ? [image] : [];
  if (type === 'article') {
    const publisher = { '@type': 'Organization', name: input.siteTitle, logo: { '@type': 'ImageObject', url: `${input.origin}${PUBLISHER_LOGO_PATH}` } };
    schemas.push({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: input.title ?? input.siteTitle,
      description: input.description,
      mainEntityOfPage: url,
      ...(structuredImages.length ? { image: structuredImages } : {}),
      ...(input.publishedTime ? { datePublished: formatW3cTaipei(input.publishedTime) } : {}),
      ...(input.modifiedTime ? { dateModified: formatW3cTaipei(input.modifiedTime) } : {}),
      ...(input.articleSection ? { articleSection: input.articleSection } : {}),
      ...(input.keywords?.length ? { keywords: input.keywords.join(', ') } : {}),
      author: { '@type': 'Organization', name: input.authorName ?? input.siteTitle },
      publisher,
      inLanguage: 'zh-Hant-TW',
    });
  } else if (input.path === '/') {
    schemas.push({ '@context': 'https://schema.org', '@type': 'WebSite', name: input.siteTitle, url: `${input.origin}/`, inLanguage: 'zh-Hant-TW' });
  }
  if (input.itemList) {
    const list = {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: input.itemList.name,
      itemListOrder: 'https://schema.org/ItemListOrderAscending',
      numberOfItems: input.itemList.items.length,
      itemListElement: input.itemList.items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: `${input.origin}${item.path}` })),
    };
    if (input.itemList.course) {
      schemas.push({
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: input.itemList.name,
        description: input.description,
        url,
        inLanguage: 'zh-Hant-TW',
        isAccessibleForFree: true,
        ...(image ? { image } : {}),
        provider: { '@type': 'Organization', name: input.siteTitle, sameAs: `${input.origin}/` },
      });
    }
    schemas.push(list);
  }
  if (input.breadcrumbs?.length) {
    schemas.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: input.breadcrumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: `${input.origin}${crumb.path}` })),
    });
  }
  if (input.structuredData) schemas.push(...input.structuredData(input.origin));
  for (const schema of schemas) tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: jsonForScript(schema) });
  return { title, tags };
}

/** JSON safe to place inside a <script> element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The head as HTML, each element marked data-page-meta so the browser can replace them on navigation. */
export function renderPageHead(head: PageHead): string {
  const lines = [`<title>${escapeHtml(head.title)}</title>`];
  for (const { tag, attrs, text } of head.tags) {
    const attributes = Object.entries(attrs).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
    lines.push(tag === 'script' ? `<script${attributes} data-page-meta>${text ?? ''}</script>` : `<${tag}${attributes} data-page-meta>`);
  }
  return lines.join('\n');
}
