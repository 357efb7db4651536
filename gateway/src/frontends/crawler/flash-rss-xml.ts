import type { PublicFlash } from '@coinmag/contracts';
import { flashHeadline, formatRfc822Taipei } from '@coinmag/rules';
import type { RssChannel } from './rss-xml.js';
import { XML_DECLARATION, escapeXml } from './xml.js';

export const FLASH_FEED_PATH = '/flash/rss.xml';

/** RSS 2.0 of 快訊 (docs/product.md §2): each item's headline, its page, its whole text, its time and tags. */
export function flashRssXml(origin: string, channel: RssChannel, items: PublicFlash[]): string {
  const entries = items.map((item) => {
    const link = `${origin}/flash/${item.id}`;
    return [
      '<item>',
      `<title>${escapeXml(flashHeadline(item.text))}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${formatRfc822Taipei(item.published_at)}</pubDate>`,
      ...item.tags.map((tag) => `<category>${escapeXml(tag.name)}</category>`),
      `<description>${escapeXml(item.text)}</description>`,
      '</item>',
    ].join('');
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
    ...(items[0] ? [`<lastBuildDate>${formatRfc822Taipei(items[0].published_at)}</lastBuildDate>`] : []),
    ...entries,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
