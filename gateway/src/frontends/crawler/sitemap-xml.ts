import type { SitemapEntry, SitemapIndex } from '@coinmag/contracts';
import { NEWS_SITEMAP_PATH } from './news-sitemap-xml.js';
import { XML_DECLARATION, escapeXml } from './xml.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export const articleSitemapPath = (page: number) => `/sitemaps/articles-${page}.xml`;
export const CATEGORY_SITEMAP_PATH = '/sitemaps/categories.xml';
export const TAG_SITEMAP_PATH = '/sitemaps/tags.xml';
/** /learn and every learning path with public lessons. */
export const LEARN_SITEMAP_PATH = '/sitemaps/learn.xml';

/** Every public 快訊 item's page, /flash/{id} (the newest 50,000). */
export const FLASH_SITEMAP_PATH = '/sitemaps/flash.xml';

/** /glossary and every published term. */
export const GLOSSARY_SITEMAP_PATH = '/sitemaps/glossary.xml';

/** /coins and every priced coin's page (read from the markets service). */
export const COINS_SITEMAP_PATH = '/sitemaps/coins.xml';

/**
 * The sitemap index: one file per 50,000 articles, then the categories, the tags (when any is
 * public), the learning paths, the glossary (when a term is published), the coins (when the
 * gateway has a markets service), then the news sitemap.
 */
export function sitemapIndexXml(origin: string, index: SitemapIndex, coins = false): string {
  const files = index.articles.map((file) => ({ loc: `${origin}${articleSitemapPath(file.page)}`, lastmod: file.lastmod }));
  files.push({ loc: `${origin}${CATEGORY_SITEMAP_PATH}`, lastmod: index.categories.lastmod ?? '' });
  if (index.tags.lastmod) files.push({ loc: `${origin}${TAG_SITEMAP_PATH}`, lastmod: index.tags.lastmod });
  files.push({ loc: `${origin}${LEARN_SITEMAP_PATH}`, lastmod: '' });
  if (index.glossary?.lastmod) files.push({ loc: `${origin}${GLOSSARY_SITEMAP_PATH}`, lastmod: index.glossary.lastmod });
  if (index.flash?.lastmod) files.push({ loc: `${origin}${FLASH_SITEMAP_PATH}`, lastmod: index.flash.lastmod });
  if (coins) files.push({ loc: `${origin}${COINS_SITEMAP_PATH}`, lastmod: '' });
  files.push({ loc: `${origin}${NEWS_SITEMAP_PATH}`, lastmod: index.news.lastmod ?? '' });
  const body = files
    .map((file) => `<sitemap><loc>${escapeXml(file.loc)}</loc>${file.lastmod ? `<lastmod>${escapeXml(file.lastmod)}</lastmod>` : ''}</sitemap>`)
    .join('\n');
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
}

/** A sitemap of URLs under `prefix` (/article/, /category/, /tag/, /flash/ …), each with its last change. */
export function urlSetXml(origin: string, prefix: string, entries: SitemapEntry[], extra: Array<{ path: string; lastmod?: string }> = []): string {
  const urls = [
    ...extra.map((item) => ({ loc: `${origin}${item.path}`, lastmod: item.lastmod })),
    ...entries.map((entry) => ({ loc: `${origin}${prefix}${encodeURIComponent(entry.slug)}`, lastmod: entry.lastmod })),
  ];
  const body = urls.map((url) => `<url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${escapeXml(url.lastmod)}</lastmod>` : ''}</url>`).join('\n');
  return `${XML_DECLARATION}\n<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}
