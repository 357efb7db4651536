import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Middleware } from 'koa';
import type { Logger } from '@coinmag/service-kit';
import type { GatewayCache } from '../cache/response-cache.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';
import { AssetFolder } from './static-assets.js';
import { ContentClient } from './content-client.js';
import { crawlerRoutes } from './crawler/crawler-routes.js';
import { RemoteStyles } from './inline-styles.js';
import { pageService, type CachedPages } from './page-service/page-service.js';
import { PageRenderer } from './page-service/render-page.js';
import { ShellTemplate } from './page-service/shell-template.js';
import { PreloadHints } from './preload-hints.js';
import { REMOTES, remoteManifest, type RemoteKey } from './remote-manifest.js';
import { ServerBundleLoader, serverEntryBeside, type LoaderTiming, type PublicServerSource } from './ssr/server-bundles.js';
import type { PageTicker } from '../markets/page-ticker.js';
import { isMarketsPath } from '../markets/markets-reader.js';
import { warmUpPages } from './warm-up.js';

export { REMOTES, type RemoteKey } from './remote-manifest.js';
export type { CachedPage, CachedPages } from './page-service/page-service.js';

export interface FrontendsOptions {
  /** The folder holding shell/, public/ and admin/, each with a dist/. */
  frontendsDir: string;
  contentUrl: string;
  log: Logger;
  /**
   * How long the server-written head may wait for the content service; default 3 s, as long as the
   * render's own reads (a page a little late beats a 503 when the service is busy).
   */
  headTimeoutMs?: number;
  /** Where a remote's entry lives when it is not served from here (moving a remote needs no shell rebuild). */
  remoteEntryOverrides?: Partial<Record<RemoteKey, string>>;
  /** The public remote's server container when it is deployed elsewhere; default: beside its browser entry. */
  publicServerEntry?: string;
  /** How the server code of a remote deployed elsewhere is loaded and retried. */
  serverLoaderTiming?: Partial<LoaderTiming>;
  /** Canonical origin; the request's own origin when unset. */
  siteOrigin?: string;
  /** The gateway's cache of public answers: rendered pages are kept there, exact by its invalidations. */
  cache?: GatewayCache;
  /** Every content replica: the pages' reads go over it (retried on another replica), not to `contentUrl`. */
  contentPool?: UpstreamPool;
  /** What fills each page's price ticker slot as it is served (markets/ticker-feed.ts); absent: the slot stays empty. */
  ticker?: PageTicker;
  /** The renderer's reads of `/api/markets/*` (markets/markets-reader.ts); absent: they go to content like the rest. */
  marketsReader?: (path: string, signal?: AbortSignal) => Promise<Response>;
}

const FOLDERS = ['shell', 'public', 'admin'] as const;

function notFound(ctx: Context) {
  ctx.status = 404;
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = { error: '找不到檔案' };
}

/** The public remote's server container: built here, or beside the remote deployed elsewhere. */
function publicServerSource(options: FrontendsOptions, publicDist: string): PublicServerSource {
  const browserEntry = options.remoteEntryOverrides?.public;
  if (!browserEntry) return { dist: publicDist };
  if (options.publicServerEntry) return { url: options.publicServerEntry };
  try {
    return { url: serverEntryBeside(browserEntry) };
  } catch {
    return { problem: `MF_PUBLIC_ENTRY ${browserEntry} is not an absolute URL; set MF_PUBLIC_SERVER_ENTRY` };
  }
}

/** The frontends as the gateway mounts them: the chain's middleware and, for the edge's page lane, its cached pages. */
export interface Frontends {
  serve: Middleware;
  pages: CachedPages;
  /** Before the gateway says it is ready (warm-up.ts): its assets compressed, its pages' code loaded and run once. */
  warmUp(origin: string): Promise<void>;
}

/** Koa middleware: /mf/* assets, /mf/manifest.json, and the shell HTML for every other page. */
export function serveFrontends(options: FrontendsOptions): Middleware {
  return createFrontends(options).serve;
}

/** serveFrontends with its cached pages, which the gateway's edge answers before the rest of the chain. */
export function createFrontends(options: FrontendsOptions): Frontends {
  const folders = Object.fromEntries(FOLDERS.map((name) => [name, new AssetFolder(join(options.frontendsDir, name, 'dist'))])) as Record<(typeof FOLDERS)[number], AssetFolder>;
  const content = new ContentClient(options.contentUrl.replace(/\/$/, ''), options.headTimeoutMs ?? 3_000, options.cache, options.contentPool, options.log);
  const publicElsewhere = options.remoteEntryOverrides?.public;
  const bundles = new ServerBundleLoader(folders.shell.root, publicServerSource(options, folders.public.root), options.log, options.serverLoaderTiming);
  // Each render's loaders read through the same cache of API answers as the head's reads.
  const renderer = new PageRenderer(
    bundles,
    (path, signal) => (options.marketsReader && isMarketsPath(path) ? options.marketsReader(path, signal) : content.response(path, signal)),
    options.log,
  );
  // Public chunks are preloaded only when the public remote is served from here.
  const preloads = new PreloadHints(folders.shell.root, publicElsewhere ? null : folders.public.root, REMOTES.public.islandScripts.replace('./', ''));
  const publicStyles = new RemoteStyles(
    publicElsewhere ? { entry: publicElsewhere } : { dist: folders.public.root },
    REMOTES.public.exposes.replace('./', ''),
    options.log,
    {},
    [REMOTES.public.islands.replace('./', '')],
  );
  const manifest = () => remoteManifest(folders, options.remoteEntryOverrides);
  const pages = pageService({
    template: new ShellTemplate(folders.shell.root),
    renderer,
    content,
    ...(options.cache ? { cache: options.cache } : {}),
    ...(options.siteOrigin ? { siteOrigin: options.siteOrigin } : {}),
    remotes: manifest,
    publicScripts: () => preloads.urls(),
    publicStyles: () => publicStyles.html(),
    ...(options.ticker ? { ticker: options.ticker } : {}),
  });

  const crawler = crawlerRoutes({ contentUrl: options.contentUrl, content, shell: folders.shell, siteOrigin: options.siteOrigin, ...(options.marketsReader ? { markets: options.marketsReader } : {}) });

  /** The built files compressed before the first visitor asks for them. */
  const compressAssets = async () => {
    for (const folder of Object.values(folders)) {
      const files = await readdir(folder.root).catch(() => [] as string[]);
      await folder.warm(files.filter((f) => /\.(js|css)$/.test(f)));
    }
  };

  const assetsAndPages: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path;
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/uploads/') || path === '/healthz' || path === '/readyz') return next();

    if (path === '/mf/manifest.json') {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = await manifest();
      return;
    }
    if (path === '/mf' || path.startsWith('/mf/')) {
      const [, , folder, ...rest] = path.split('/');
      const assets = FOLDERS.includes(folder as (typeof FOLDERS)[number]) ? folders[folder as (typeof FOLDERS)[number]] : null;
      if (!assets || rest.length === 0 || !(await assets.send(ctx, rest.join('/')))) notFound(ctx);
      return;
    }
    // Anything that looks like a file (has an extension) and is not one of ours is a 404, not a page.
    if (/\.[a-z0-9]{1,8}$/i.test(path) && !/^\/(article|category|tag)\//.test(path)) {
      notFound(ctx);
      return;
    }
    await pages.answer(ctx);
  };
  // The crawler surface first (robots, sitemaps, feeds, icons, manifest), then assets and pages.
  const serve: Middleware = (ctx, next) => crawler(ctx, () => assetsAndPages(ctx, next));
  const warmUp = (origin: string) => warmUpPages(origin, compressAssets);
  return { serve, pages, warmUp };
}

/** The frontends middleware as the gateway's main.ts wires it, with env-configured remote locations. */
export interface FrontendsConfig {
  FRONTENDS_DIR?: string | undefined;
  MF_PUBLIC_ENTRY?: string | undefined;
  MF_PUBLIC_SERVER_ENTRY?: string | undefined;
  MF_ADMIN_ENTRY?: string | undefined;
  SITE_ORIGIN?: string | undefined;
}

export function frontendsFromConfig(config: FrontendsConfig, contentUrl: string, log: Logger, cache?: GatewayCache, contentPool?: UpstreamPool, ticker?: PageTicker, readMarkets?: FrontendsOptions['marketsReader']): Frontends {
  const overrides: Partial<Record<RemoteKey, string>> = {};
  if (config.MF_PUBLIC_ENTRY) overrides.public = config.MF_PUBLIC_ENTRY;
  if (config.MF_ADMIN_ENTRY) overrides.admin = config.MF_ADMIN_ENTRY;
  const candidates = [config.FRONTENDS_DIR, join(process.cwd(), 'frontends'), join(import.meta.dirname, '..', '..', '..', 'frontends')];
  const frontendsDir = candidates.find((dir): dir is string => Boolean(dir) && existsSync(dir!)) ?? join(process.cwd(), 'frontends');
  return createFrontends({
    frontendsDir,
    contentUrl,
    log,
    remoteEntryOverrides: overrides,
    publicServerEntry: config.MF_PUBLIC_SERVER_ENTRY,
    siteOrigin: config.SITE_ORIGIN,
    cache,
    contentPool,
    ticker,
    marketsReader: readMarkets,
  });
}
