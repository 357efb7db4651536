import type { NewsSitemapEntry } from '@coinmag/contracts';
import { formatW3cTaipei } from '@coinmag/rules';
import { XML_DECLARATION, escapeXml } from './xml.js';

export const NEWS_SITEMAP_PATH = '/sitemaps/news.xml';

/** Google News's language code for Traditional Chinese (its rules: zh-cn or zh-tw for Chinese). */
const NEWS_LANGUAGE = 'zh-tw';

/**
 * The news sitemap (docs/product.md §11): each article and flash item of the last two days with the
 * publication's name and language, its publication time in Taipei with the zone, and its title.
 */
export function newsSitemapXml(origin: string, publication: string, entries: NewsSitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      '<url>',
      `<loc>${escapeXml(`${origin}${entry.path ?? `/article/${encodeURIComponent(entry.slug)}`}`)}</loc>`,
      '<news:news>',
      `<news:publication><news:name>${escapeXml(publication)}</news:name><news:language>${NEWS_LANGUAGE}</news:language></news:publication>`,
      `<news:publication_date>${formatW3cTaipei(entry.published_at)}</news:publication_date>`,
      `<news:title>${escapeXml(entry.title)}</news:title>`,
      '</news:news>',
      '</url>',
    ].join(''),
  );
  return `${XML_DECLARATION}\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
