import { API_MESSAGES, NEWS_SITEMAP_HOURS, NEWS_SITEMAP_MAX_URLS, SITEMAP_MAX_URLS, type NewsSitemapEntry, type SitemapEntry, type SitemapIndex, type SlugRedirect } from '@coinmag/contracts';
import { flashHeadline } from '@coinmag/rules';
import { NotFoundError } from '@coinmag/service-kit';
import type { CrawlRepository } from './crawl.repository.js';

const iso = (date: Date | string) => new Date(date).toISOString();
const newestOf = (rows: Array<{ lastmod: Date }>): string | null => {
  const newest = rows.reduce<Date | null>((max, row) => (!max || row.lastmod > max ? row.lastmod : max), null);
  return newest ? iso(newest) : null;
};

/** Sitemap data (public content only, split into files of at most 50,000 URLs) and old-slug lookups. */
export class CrawlService {
  constructor(
    private readonly repository: CrawlRepository,
    private readonly clock: () => Date = () => new Date(),
    private readonly perFile = SITEMAP_MAX_URLS,
  ) {}

  async index(): Promise<SitemapIndex> {
    const now = this.clock();
    const [files, categories, tags, [newest], glossary, flash] = await Promise.all([
      this.repository.articleFiles(now, this.perFile),
      this.repository.categories(now),
      this.repository.tags(now, this.perFile),
      this.recent(now, 1),
      this.repository.glossaryLastmod(),
      this.repository.flashItems(now, this.perFile),
    ]);
    return {
      articles: files.map((file) => ({ page: file.page, lastmod: iso(file.lastmod) })),
      categories: { lastmod: newestOf(categories) },
      tags: { lastmod: newestOf(tags) },
      news: { lastmod: newest ? iso(newest.published_at) : null },
      glossary: { lastmod: glossary ? iso(glossary) : null },
      flash: { lastmod: newestOf(flash) },
    };
  }

  /** The news sitemap's articles and flash items: published in the last 48 hours, newest first, at most 1,000. */
  async news(): Promise<NewsSitemapEntry[]> {
    const now = this.clock();
    const since = new Date(now.getTime() - NEWS_SITEMAP_HOURS * 3_600_000);
    const [articles, flash] = await Promise.all([this.recent(now, NEWS_SITEMAP_MAX_URLS), this.repository.newsFlash(now, since, NEWS_SITEMAP_MAX_URLS)]);
    const entries: Array<NewsSitemapEntry & { at: number }> = [
      ...articles.map((row) => ({ slug: row.slug, title: row.title, published_at: iso(row.published_at), at: new Date(row.published_at).getTime() })),
      ...flash.map((row) => ({ slug: String(row.id), title: flashHeadline(row.text), published_at: iso(row.published_at), path: `/flash/${row.id}`, at: new Date(row.published_at).getTime() })),
    ];
    return entries.sort((a, b) => b.at - a.at).slice(0, NEWS_SITEMAP_MAX_URLS).map(({ at: _at, ...entry }) => entry);
  }

  private recent(now: Date, limit: number) {
    return this.repository.newsArticles(now, new Date(now.getTime() - NEWS_SITEMAP_HOURS * 3_600_000), limit);
  }

  async articles(page: number): Promise<SitemapEntry[]> {
    const rows = await this.repository.articlesPage(this.clock(), this.perFile, page);
    if (rows.length === 0 && page > 1) throw new NotFoundError(API_MESSAGES.notFound);
    return rows.map((row) => ({ slug: row.slug, lastmod: iso(row.lastmod) }));
  }

  async categories(): Promise<SitemapEntry[]> {
    return (await this.repository.categories(this.clock())).map((row) => ({ slug: row.slug, lastmod: iso(row.lastmod) }));
  }

  /** The tag pages (slug: the tag's key), at most one sitemap file of them. */
  async tags(): Promise<SitemapEntry[]> {
    return (await this.repository.tags(this.clock(), this.perFile)).map((row) => ({ slug: row.slug, lastmod: iso(row.lastmod) }));
  }

  /** The 快訊 items' own pages (slug: the item's id), the newest first, at most one sitemap file of them. */
  async flash(): Promise<SitemapEntry[]> {
    return (await this.repository.flashItems(this.clock(), this.perFile)).map((row) => ({ slug: String(row.id), lastmod: iso(row.lastmod) }));
  }

  async redirect(kind: 'article' | 'category', oldSlug: string): Promise<SlugRedirect> {
    const slug = kind === 'article' ? await this.repository.articleSlugFor(oldSlug, this.clock()) : await this.repository.categorySlugFor(oldSlug);
    if (!slug || slug === oldSlug) throw new NotFoundError(kind === 'article' ? API_MESSAGES.articleNotFound : API_MESSAGES.categoryNotFound);
    return { slug };
  }
}
