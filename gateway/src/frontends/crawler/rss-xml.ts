import type { ArticleSummary } from '@coinmag/contracts';
import { cardExcerpt, formatRfc822Taipei } from '@coinmag/rules';
import { XML_DECLARATION, escapeXml } from './xml.js';

export const RSS_ITEMS = 20;
const DESCRIPTION_LENGTH = 300;

export interface RssChannel {
  title: string;
  description: string;
  /** The page the feed belongs to (absolute). */
  link: string;
  /** The feed's own URL (absolute). */
  self: string;
}

function imageUrl(origin: string, value: string): string {
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('//')) return `https:${value}`;
  return `${origin}${value.startsWith('/') ? value : `/uploads/${value}`}`;
}

function imageType(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : ext === 'gif' ? 'image/gif' : ext === 'avif' ? 'image/avif' : 'image/jpeg';
}

/** RSS 2.0: title, link, guid, pubDate (RFC 822, Taipei), category, excerpt, cover as enclosure. */
export function rssXml(origin: string, channel: RssChannel, articles: ArticleSummary[]): string {
  const newest = articles.find((a) => a.published_at)?.published_at;
  const items = articles.map((article) => {
    const link = `${origin}/article/${encodeURIComponent(article.slug)}`;
    const parts = [
      `<title>${escapeXml(article.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      article.published_at ? `<pubDate>${formatRfc822Taipei(article.published_at)}</pubDate>` : '',
      article.category_name ? `<category>${escapeXml(article.category_name)}</category>` : '',
      `<description>${escapeXml(cardExcerpt(article.excerpt, article.content_text, DESCRIPTION_LENGTH))}</description>`,
      // The length of a remote image is unknown without fetching it; 0 is the accepted "unknown".
      article.featured_image ? `<enclosure url="${escapeXml(imageUrl(origin, article.featured_image))}" length="0" type="${imageType(article.featured_image)}"/>` : '',
    ];
    return `<item>${parts.filter(Boolean).join('')}</item>`;
  });
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    '<language>zh-TW</language>',
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${formatRfc822Taipei(newest)}</lastBuildDate>` : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line, i, all) => line !== '' || i === all.length - 1)
    .join('\n');
}
