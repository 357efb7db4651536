import type { Context, Middleware } from 'koa';
import { coinListSchema, DEFAULT_SETTINGS, type ArticleList, type FlashPage, type GlossaryIndex, type IndexNowKey, type NewsSitemapEntry, type PublicCategory, type SitemapEntry, type SitemapIndex } from '@coinmag/contracts';
import { isSlugParam, SITE_FEED_PATH, TAG_TEXT, tagFromParam, tagPagePath } from '@coinmag/rules';
import type { ContentClient } from '../content-client.js';
import type { AssetFolder } from '../static-assets.js';
import { FLASH_FEED_PATH, flashRssXml } from './flash-rss-xml.js';
import { NEWS_SITEMAP_PATH, newsSitemapXml } from './news-sitemap-xml.js';
import { RSS_ITEMS, rssXml } from './rss-xml.js';
import { CATEGORY_SITEMAP_PATH, COINS_SITEMAP_PATH, FLASH_SITEMAP_PATH, GLOSSARY_SITEMAP_PATH, LEARN_SITEMAP_PATH, TAG_SITEMAP_PATH, sitemapIndexXml, urlSetXml } from './sitemap-xml.js';
import { UpstreamRenderCache } from './upstream-cache.js';

export interface CrawlerOptions {
  contentUrl: string;
  content: ContentClient;
  /** The shell's dist/, where the icon set is. */
  shell: AssetFolder;
  /** Canonical origin; the request's own when unset. */
  siteOrigin?: string;
  timeoutMs?: number;
  /** The markets service's public reads (its coin list, for the coins' sitemap); absent: no coin pages listed. */
  markets?: (path: string, signal?: AbortSignal) => Promise<Response>;
}

/** Crawlers may read a document for a few minutes; a publish shows at the next fetch after that. */
const FEED_CACHE_CONTROL = 'public, max-age=300';
const ICONS: Record<string, string> = {
  '/favicon.ico': 'favicon.ico',
  '/apple-touch-icon.png': 'apple-touch-icon.png',
  '/icon.svg': 'icon.svg',
  '/icon-192.png': 'icon-192.png',
  '/icon-512.png': 'icon-512.png',
  '/icon-maskable-512.png': 'icon-maskable-512.png',
};

function decodeSlug(raw: string): string | null {
  try {
    const slug = decodeURIComponent(raw);
    return isSlugParam(slug) ? slug : null;
  } catch {
    return null;
  }
}

function unavailable(ctx: Context, status: number) {
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/plain; charset=utf-8';
  if (status === 404) {
    ctx.status = 404;
    ctx.body = '找不到資源';
    return;
  }
  ctx.status = 503;
  ctx.set('Retry-After', '30');
  ctx.body = '服務暫時無法使用，請稍後再試';
}

/** /coins and each priced coin's page; 0 (503) when the markets service does not answer as it should. */
async function coinsSitemap(markets: NonNullable<CrawlerOptions['markets']>, origin: string): Promise<{ output: string } | { status: number }> {
  try {
    const res = await markets('/api/markets/coins');
    if (!res.ok) {
      await res.body?.cancel();
      return { status: 0 };
    }
    const parsed = coinListSchema.safeParse(await res.json());
    if (!parsed.success) return { status: 0 };
    return { output: urlSetXml(origin, '/coin/', parsed.data.coins.map((coin) => ({ slug: coin.symbol, lastmod: '' })), [{ path: '/coins' }]) };
  } catch {
    return { status: 0 };
  }
}

/**
 * The crawler surface: robots.txt, the sitemap index and its files, the site's, each
 * category's and each tag's RSS, the icon set and the web app manifest. Only public content (the content
 * service's visibility rule); documents are re-rendered only when the content's ETag moves.
 */
export function crawlerRoutes(options: CrawlerOptions): Middleware {
  const cache = new UpstreamRenderCache(options.contentUrl.replace(/\/$/, ''), options.timeoutMs ?? 3_000);
  const originOf = (ctx: Context) => (options.siteOrigin ?? ctx.origin).replace(/\/$/, '');

  async function send(ctx: Context, type: string, result: { output: string } | { status: number }) {
    if ('status' in result) return unavailable(ctx, result.status);
    ctx.set('Cache-Control', FEED_CACHE_CONTROL);
    ctx.type = type;
    ctx.body = result.output;
  }

  async function siteTitle(): Promise<{ title: string; description: string }> {
    const settings = await options.content.settings();
    return { title: settings?.site_title || DEFAULT_SETTINGS.site_title, description: settings?.site_description || DEFAULT_SETTINGS.site_description };
  }

  /** The site's feed, a category's or a tag's: the newest public articles of it. */
  async function rss(ctx: Context, of: { category: string } | { tag: string } | null) {
    const origin = originOf(ctx);
    const site = await siteTitle();
    let channel = { title: site.title, description: site.description, link: `${origin}/`, self: `${origin}${SITE_FEED_PATH}` };
    let filter = '';
    if (of && 'category' in of) {
      const categories = await options.content.categories();
      const category: PublicCategory | undefined = categories?.find((c) => c.slug === of.category);
      if (!category) return unavailable(ctx, categories ? 404 : 0);
      const path = `/category/${encodeURIComponent(category.slug)}`;
      channel = { title: `${category.name} | ${site.title}`, description: category.description || site.description, link: `${origin}${path}`, self: `${origin}${path}/rss.xml` };
      filter = `&category=${encodeURIComponent(category.slug)}`;
    }
    if (of && 'tag' in of) {
      const tag = await options.content.tag(of.tag);
      if (tag === 'missing' || !tag) return unavailable(ctx, tag ? 404 : 0);
      const path = tagPagePath(tag.key);
      channel = { title: `${TAG_TEXT.title(tag.name)} | ${site.title}`, description: site.description, link: `${origin}${path}`, self: `${origin}${path}/rss.xml` };
      filter = `&tag=${encodeURIComponent(tag.key)}`;
    }
    const key = `${origin}|${channel.title}|${channel.description}`;
    await send(ctx, 'application/rss+xml; charset=utf-8', await cache.render<ArticleList>(`/api/articles?limit=${RSS_ITEMS}${filter}`, key, (list) => rssXml(origin, channel, list.articles)));
  }

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path;
    const origin = originOf(ctx);

    if (path === '/robots.txt') {
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /search', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
      return;
    }
    if (path === '/sitemap.xml') {
      return send(ctx, 'application/xml; charset=utf-8', await cache.render<SitemapIndex>('/api/sitemap', origin, (index) => sitemapIndexXml(origin, index, Boolean(options.markets))));
    }
    if (path === COINS_SITEMAP_PATH && options.markets) return send(ctx, 'application/xml; charset=utf-8', await coinsSitemap(options.markets, origin));
    const articles = /^\/sitemaps\/articles-([1-9]\d{0,4})\.xml$/.exec(path);
    if (articles) {
      return send(ctx, 'application/xml; charset=utf-8', await cache.render<SitemapEntry[]>(`/api/sitemap/articles?page=${articles[1]}`, origin, (entries) => urlSetXml(origin, '/article/', entries)));
    }
    if (path === CATEGORY_SITEMAP_PATH) {
      return send(
        ctx,
        'application/xml; charset=utf-8',
        await cache.render<SitemapEntry[]>('/api/sitemap/categories', origin, (entries) =>
          urlSetXml(origin, '/category/', entries, [{ path: '/' }, { path: '/articles' }, { path: '/flash' }, { path: '/category/latest' }, { path: '/category/popular' }]),
        ),
      );
    }
    if (path === TAG_SITEMAP_PATH) {
      return send(ctx, 'application/xml; charset=utf-8', await cache.render<SitemapEntry[]>('/api/sitemap/tags', origin, (entries) => urlSetXml(origin, '/tag/', entries)));
    }
    if (path === FLASH_SITEMAP_PATH) {
      return send(ctx, 'application/xml; charset=utf-8', await cache.render<SitemapEntry[]>('/api/sitemap/flash', origin, (entries) => urlSetXml(origin, '/flash/', entries)));
    }
    if (path === LEARN_SITEMAP_PATH) {
      return send(ctx, 'application/xml; charset=utf-8', await cache.render<SitemapEntry[]>('/api/sitemap/learn', origin, (entries) => urlSetXml(origin, '/learn/', entries, [{ path: '/learn' }])));
    }
    if (path === GLOSSARY_SITEMAP_PATH) {
      const glossary = (index: GlossaryIndex) => index.groups.flatMap((group) => group.terms).map((term) => ({ slug: term.slug, lastmod: '' }));
      return send(ctx, 'application/xml; charset=utf-8', await cache.render<GlossaryIndex>('/api/glossary', origin, (index) => urlSetXml(origin, '/glossary/', glossary(index), [{ path: '/glossary' }])));
    }
    if (path === NEWS_SITEMAP_PATH) {
      const { title } = await siteTitle();
      return send(ctx, 'application/xml; charset=utf-8', await cache.render<NewsSitemapEntry[]>('/api/sitemap/news', `${origin}|${title}`, (entries) => newsSitemapXml(origin, title, entries)));
    }
    if (path === '/sitemap-news.xml') {
      ctx.status = 301;
      ctx.redirect(NEWS_SITEMAP_PATH);
      return;
    }
    // IndexNow's key file (docs/product.md §11): its name and its content are the key of the settings.
    const keyFile = /^\/([a-zA-Z0-9-]{8,128})\.txt$/.exec(path);
    if (keyFile) {
      const result = await cache.render<IndexNowKey>('/api/indexnow/key', 'indexnow', (answer) => answer.key);
      if ('status' in result) return unavailable(ctx, result.status);
      if (result.output !== keyFile[1]) return next();
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = result.output;
      return;
    }
    if (path === SITE_FEED_PATH) return rss(ctx, null);
    if (path === FLASH_FEED_PATH) {
      const site = await siteTitle();
      const channel = { title: `快訊 | ${site.title}`, description: site.description, link: `${origin}/flash`, self: `${origin}${FLASH_FEED_PATH}` };
      return send(ctx, 'application/rss+xml; charset=utf-8', await cache.render<FlashPage>('/api/flash', `${origin}|${site.title}|${site.description}`, (page) => flashRssXml(origin, channel, page.items)));
    }
    const categoryFeed = /^\/category\/([^/]+)\/rss\.xml$/.exec(path);
    if (categoryFeed) {
      const slug = decodeSlug(categoryFeed[1]!);
      if (!slug) return unavailable(ctx, 404);
      return rss(ctx, { category: slug });
    }
    const tagFeed = /^\/tag\/([^/]+)\/rss\.xml$/.exec(path);
    if (tagFeed) {
      const tag = tagFromParam(tagFeed[1]!);
      if (!tag) return unavailable(ctx, 404);
      if (path !== `${tagPagePath(tag)}/rss.xml`) {
        ctx.status = 301;
        ctx.redirect(`${tagPagePath(tag)}/rss.xml`);
        return;
      }
      return rss(ctx, { tag });
    }
    if (path === '/manifest.webmanifest') {
      const site = await siteTitle();
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.type = 'application/manifest+json; charset=utf-8';
      ctx.body = JSON.stringify({
        name: site.title,
        short_name: Array.from(site.title.split(/\s/)[0] ?? site.title).slice(0, 12).join(''),
        description: site.description,
        lang: 'zh-Hant-TW',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f1f5f9',
        theme_color: '#0f172a',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      });
      return;
    }
    const icon = ICONS[path];
    if (icon) {
      if (await options.shell.send(ctx, icon)) {
        ctx.set('Cache-Control', 'public, max-age=86400');
        return;
      }
      return unavailable(ctx, 404);
    }
    return next();
  };
}
