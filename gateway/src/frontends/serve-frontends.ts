import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Middleware } from 'koa';
import type { Logger } from '@coinmag/service-kit';
import { DEFAULT_SETTINGS, variantSrcset, withoutAds } from '@coinmag/contracts';
import { buildPageHead, escapeHtml, isAdFreePath, isAdminPagePath, jsonForScript, renderPageHead, type PageMetaInput } from '@coinmag/rules';
import { CSP_NONCE_ATTRIBUTE, fillCspNonceBytes, markTemplateNonces } from '../csp/nonce.js';
import type { GatewayCache } from '../cache/response-cache.js';
import type { UpstreamPool } from '../proxy/upstream-pool.js';
import { AssetFolder } from './static-assets.js';
import { sendCompressedOnce } from './compression.js';
import { ContentClient } from './content-client.js';
import { crawlerRoutes } from './crawler/crawler-routes.js';
import { deferScriptsUntilFirstImage } from './deferred-boot.js';
import { inlineShellStylesheets, RemoteStyles } from './inline-styles.js';
import { PreloadHints } from './preload-hints.js';
import { PAGE_LEVELS, PrecompressedPages } from './precompressed/precompressed-pages.js';
import { fillTicker, type PageTicker } from '../markets/page-ticker.js';
import { isMarketsPath } from '../markets/markets-reader.js';
import { RendersInFlight } from './renders-in-flight.js';
import { PageRenderer } from './ssr/render-page.js';
import { ServerBundleLoader, serverEntryBeside, type LoaderTiming, type PublicServerSource } from './ssr/server-bundles.js';

/** The remotes the shell may load: manifest key → container name (the `name` in each remote's webpack config). */
export const REMOTES = {
  // islands and island-scripts: what a server-rendered page brings to life (docs/adr/0011-islands.md);
  // PublicApp: the whole app, after the reader's first move.
  public: { name: 'coinmag_public', exposes: './PublicApp', islands: './islands', islandScripts: './island-scripts' },
  admin: { name: 'coinmag_admin', exposes: './AdminApp' },
} as const;
export type RemoteKey = keyof typeof REMOTES;

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

/** A preview link's page: for the one browser that opened it, kept by no cache on the way. */
const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** ...and its address (which holds the token) goes to no page it links to, ours included: those carry ad code. */
const PRIVATE_REFERRER_POLICY = 'no-referrer';

/** What a rendered page depends on (the content service's invalidation names). */
const PAGE_DEPS = ['articles', 'categories', 'settings', 'glossary'];
/** Pages show view counts and today's popular list: a rendered page is rendered again at most this often. */
const PAGE_TTL_MS = 30_000;

const FOLDERS = ['shell', 'public', 'admin'] as const;
/** How often the shell's index.html is looked at for a rebuild. */
const TEMPLATE_CHECK_MS = 1_000;

/** The back office's head: one title for every admin path, never indexed. */
function adminHead(path: string): Omit<PageMetaInput, 'origin'> {
  return { siteTitle: DEFAULT_SETTINGS.site_title, title: '管理後台', description: DEFAULT_SETTINGS.site_description, path, noIndex: true };
}

function imagePreload(src: string, sizes: string): string {
  const srcset = variantSrcset(src);
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${responsive} fetchpriority="high">`;
}

function heroImage(src: string, sizes: string): string {
  const srcset = variantSrcset(src);
  const responsive = srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(sizes)}"` : '';
  return `<div class="boot-hero"><img src="${escapeHtml(src)}"${responsive} width="1200" height="630" alt="" fetchpriority="high"></div>`;
}

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

/** A rendered page as the cache keeps it (placeholders where each response's nonce goes). */
export interface CachedPage {
  body: Buffer;
  status: number;
}

/** What the cached-page lane (edge/fresh-pages.ts) needs from the frontends: the lookup and the answer sendShell makes. */
export interface CachedPages {
  freshPage(ctx: Context): CachedPage | undefined;
  /** Sets status, headers and body as sendShell does for a cached page (the nonce is ctx.state.cspNonce). */
  send(ctx: Context, page: CachedPage): Promise<void>;
  /**
   * What send would answer, as the page's own headers in a flat list for writeHead and its body,
   * when its compressed form is made already; undefined when send has to make or wait for it.
   */
  answerNow(page: CachedPage, nonce: string, acceptEncoding: string | undefined): { headers: string[]; body: Buffer } | undefined;
}

/** The headers a cached page is sent with whatever its encoding (sendPage sets the same). */
const CACHED_PAGE_HEADERS = ['Cache-Control', 'no-cache', 'Content-Type', 'text/html; charset=utf-8', 'Vary', 'Accept-Encoding'] as const;

/** The frontends as the gateway mounts them: the chain's middleware and, for the edge's page lane, its cached pages. */
export interface Frontends {
  serve: Middleware;
  pages: CachedPages;
}

/** Koa middleware: /mf/* assets, /mf/manifest.json, and the shell HTML for every other page. */
export function serveFrontends(options: FrontendsOptions): Middleware {
  return createFrontends(options).serve;
}

/** serveFrontends with its cached pages, which the gateway's edge answers before the rest of the chain. */
export function createFrontends(options: FrontendsOptions): Frontends {
  const folders = Object.fromEntries(FOLDERS.map((name) => [name, new AssetFolder(join(options.frontendsDir, name, 'dist'))])) as Record<(typeof FOLDERS)[number], AssetFolder>;
  const content = new ContentClient(options.contentUrl.replace(/\/$/, ''), options.headTimeoutMs ?? 3_000, options.cache, options.contentPool, options.log);
  let template: { mtimeMs: number; html: string; checkedAt: number } | null = null;
  // Public chunks are preloaded only when the public remote is served from here.
  const publicServedHere = !options.remoteEntryOverrides?.public;
  const renderer = new PageRenderer(
    new ServerBundleLoader(folders.shell.root, publicServerSource(options, folders.public.root), options.contentUrl.replace(/\/$/, ''), options.log, options.serverLoaderTiming, (path, signal) =>
      options.marketsReader && isMarketsPath(path) ? options.marketsReader(path, signal) : content.response(path, signal),
    ),
    options.log,
  );
  const precompressed = new PrecompressedPages(PAGE_LEVELS, options.ticker);
  const renders = new RendersInFlight();
  const preloads = new PreloadHints(folders.shell.root, options.remoteEntryOverrides?.public ? null : folders.public.root, REMOTES.public.islandScripts.replace('./', ''));
  const publicStyles = new RemoteStyles(
    options.remoteEntryOverrides?.public ? { entry: options.remoteEntryOverrides.public } : { dist: folders.public.root },
    REMOTES.public.exposes.replace('./', ''),
    options.log,
    {},
    [REMOTES.public.islands.replace('./', '')],
  );

  async function shellTemplate(): Promise<string | null> {
    // Looked at for a rebuild at most once a second: a stat per page view was an eighth of the gateway's CPU on cached pages.
    const now = Date.now();
    if (template && now - template.checkedAt < TEMPLATE_CHECK_MS) return template.html;
    const file = join(folders.shell.root, 'index.html');
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    // Our own template, its stylesheets inlined: each of its script and style tags gets the response's CSP nonce.
    if (!template || template.mtimeMs !== info.mtimeMs) {
      template = { mtimeMs: info.mtimeMs, html: markTemplateNonces(await inlineShellStylesheets(await readFile(file, 'utf8'), folders.shell.root)), checkedAt: now };
    }
    template.checkedAt = now;
    return template.html;
  }

  async function manifest() {
    const entries: Record<string, { name: string; entry: string }> = {};
    for (const key of Object.keys(REMOTES) as RemoteKey[]) {
      const override = options.remoteEntryOverrides?.[key];
      const version = override ? null : await folders[key].versionOf('remoteEntry.js');
      entries[key] = { name: REMOTES[key].name, entry: override ?? `/mf/${key}/remoteEntry.js${version ? `?v=${version}` : ''}` };
    }
    return entries;
  }

  const originOf = (ctx: Context) => (options.siteOrigin ?? ctx.origin).replace(/\/$/, '');
  const pageKey = (templateVersion: number | undefined, origin: string, ctx: Context) => `page:${templateVersion}:${origin}${ctx.path}${ctx.search}`;

  /**
   * The fresh cached rendering sendShell would answer this public page with, found without its
   * awaits; undefined whenever sendShell must look for itself (template due a check, admin page,
   * nothing fresh).
   */
  function freshPage(ctx: Context): CachedPage | undefined {
    if (!options.cache || !template || Date.now() - template.checkedAt >= TEMPLATE_CHECK_MS || isAdminPagePath(ctx.path)) return undefined;
    const hit = options.cache.get(pageKey(template.mtimeMs, originOf(ctx), ctx));
    return hit?.fresh ? { body: hit.record.body, status: hit.record.status } : undefined;
  }

  async function sendShell(ctx: Context) {
    const html = await shellTemplate();
    ctx.set('Cache-Control', 'no-cache');
    if (!html) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = '網站前端尚未建置，請執行 npm start 或 npm run build。';
      return;
    }
    const origin = originOf(ctx);
    const isAdmin = isAdminPagePath(ctx.path);
    // A rendered public page is served from the cache: one lookup, no content call, no render.
    const cacheKey = options.cache && !isAdmin ? pageKey(template?.mtimeMs, origin, ctx) : null;
    const hit = cacheKey ? options.cache!.get(cacheKey) : undefined;
    if (hit?.fresh) return sendPage(ctx, hit.record.body, hit.record.status, true);
    if (cacheKey && (await renders.waitFor(cacheKey))) {
      const rendered = options.cache!.get(cacheKey);
      if (rendered?.fresh) return sendPage(ctx, rendered.record.body, rendered.record.status, true);
    }
    // Ends with the response, however it ends (a redirect, an error, a page not kept).
    if (cacheKey) ctx.res.once('close', renders.start(cacheKey));
    const ticket = options.cache?.ticket() ?? 0;
    const read = isAdmin ? null : await content.settings();
    // A field the service left out reads as the default, as the shell reads it (settings-store.ts).
    const merged = read && { ...DEFAULT_SETTINGS, ...read };
    // Where ads never run (a preview link's page), the page carries no ad code or ad settings at all.
    const settings = merged && isAdFreePath(ctx.path) ? withoutAds(merged) : merged;
    // Public pages are answered and rendered here (admin never is) by the public remote's server
    // code, which owns their data, status and head; without it they render in the browser.
    const served = isAdmin
      ? null
      : await renderer.render({ pathname: ctx.path, search: ctx.search, settings: settings || DEFAULT_SETTINGS, headerCategories: await content.headerCategories() });
    const answer = served?.answer;
    // A preview link's page: for the one browser that opened it, never kept by any cache, never indexed.
    const privatePage = answer?.private === true;
    if (privatePage) ctx.state.privatePage = true;
    if (answer?.redirect) {
      ctx.status = answer.status;
      ctx.set('Cache-Control', privatePage ? PRIVATE_CACHE_CONTROL : 'public, max-age=300');
      if (privatePage) ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.redirect(`${answer.redirect}${privatePage ? '' : ctx.search}`);
      return;
    }
    const remotes = await manifest();
    const rendered = served?.html ? { html: served.html, boot: served.boot } : null;
    const input = isAdmin ? adminHead(ctx.path) : (answer?.head ?? { siteTitle: settings?.site_title || DEFAULT_SETTINGS.site_title, description: settings?.site_description || DEFAULT_SETTINGS.site_description, path: ctx.path });
    const lcpImage = answer?.lcpImage;
    const finalStatus = answer?.status ?? 200;
    // The content service failed: the last good rendering, if there is one, beats an error page.
    if (finalStatus === 503 && hit) return sendPage(ctx, hit.record.body, hit.record.status, true);
    const publicEntry = remotes.public?.entry;
    const scriptPreloads = isAdmin ? [] : [...(publicEntry ? [publicEntry] : []), ...(await preloads.urls())];
    const extras = [
      `<script id="coinmag-mf-manifest" type="application/json">${jsonForScript(remotes)}</script>`,
      settings ? `<script id="coinmag-settings" type="application/json">${jsonForScript(settings)}</script>` : '',
      lcpImage ? imagePreload(lcpImage.src, lcpImage.sizes) : '',
      isAdmin ? '' : await publicStyles.html(),
      // A rendered page fetches its scripts after its first image (deferred-boot.ts); others at once.
      ...(rendered ? [] : scriptPreloads.map((url) => `<link rel="preload" as="script" href="${escapeHtml(url)}" ${CSP_NONCE_ATTRIBUTE}>`)),
    ].filter(Boolean);
    const head = renderPageHead(buildPageHead({ ...input, origin }));
    // Without server rendering, the home page's hero image is still painted from the HTML, before any script has run.
    const hero = !rendered && ctx.path === '/' && lcpImage ? heroImage(lcpImage.src, lcpImage.sizes) : '';
    const root = rendered
      ? `${rendered.html}<script id="coinmag-boot" type="application/json">${jsonForScript(rendered.boot)}</script>`
      : `<div class="boot-bar"></div>${hero}<p class="boot-text" role="status">載入內容中…</p>`;
    // The page keeps its nonce placeholders (template and head) and is cached so; each response
    // fills in its own nonce. The rendered body cannot hold the placeholder's attribute form: React
    // escapes quotes in text, the embedded JSON escapes them, and the sanitiser drops nonce attributes.
    const page = Buffer.from(
      (rendered ? deferScriptsUntilFirstImage(html, scriptPreloads) : html)
        .replace('<!--app-head-->', () => `${head}\n${extras.join('\n')}`)
        .replace('<!--app-root-->', () => root)
        .replace('<!--app-boot-->', () => hero),
    );
    const cached =
      cacheKey && rendered && !privatePage && (finalStatus === 200 || finalStatus === 404)
        ? options.cache!.set(cacheKey, ticket, { status: finalStatus, headers: {}, body: page, deps: answer?.deps ? [...PAGE_DEPS, ...answer.deps] : PAGE_DEPS, ttlMs: PAGE_TTL_MS })
        : undefined;
    await sendPage(ctx, page, finalStatus, Boolean(cached));
  }

  /** A cached page is compressed once (around its nonces); any other body for this response only. */
  async function sendPage(ctx: Context, page: Buffer, status: number, cached: boolean) {
    ctx.set('Cache-Control', ctx.state.privatePage ? PRIVATE_CACHE_CONTROL : CACHED_PAGE_HEADERS[1]);
    if (ctx.state.privatePage) {
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.set('Referrer-Policy', PRIVATE_REFERRER_POLICY);
    }
    if (status === 503) ctx.set('Retry-After', '30');
    ctx.status = status;
    ctx.type = CACHED_PAGE_HEADERS[3];
    const nonce = ctx.state.cspNonce;
    const answer = cached && nonce ? await precompressed.answer(page, nonce, ctx.get('Accept-Encoding') || undefined) : undefined;
    if (answer) {
      ctx.vary(CACHED_PAGE_HEADERS[5]);
      if (answer.encoding) ctx.set('Content-Encoding', answer.encoding);
      ctx.body = answer.body;
      return;
    }
    await sendCompressedOnce(ctx, fillTicker(nonce ? fillCspNonceBytes(page, nonce) : page, options.ticker));
  }

  const crawler = crawlerRoutes({ contentUrl: options.contentUrl, content, shell: folders.shell, siteOrigin: options.siteOrigin });

  // Compress the built files before the first visitor asks for them.
  setTimeout(() => {
    void (async () => {
      for (const folder of Object.values(folders)) {
        const files = await readdir(folder.root).catch(() => [] as string[]);
        await folder.warm(files.filter((f) => /\.(js|css)$/.test(f)));
      }
    })().catch((err: unknown) => options.log.warn({ err }, 'warming frontend assets failed'));
  }, 0).unref();

  const pages: Middleware = async (ctx, next) => {
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
    await sendShell(ctx);
  };
  // The crawler surface first (robots, sitemaps, feeds, icons, manifest), then assets and pages.
  const serve: Middleware = (ctx, next) => crawler(ctx, () => pages(ctx, next));
  /** sendPage's answer for a cached page whose compressed form is made, as one list of headers. */
  function answerNow(page: CachedPage, nonce: string, acceptEncoding: string | undefined) {
    const answer = precompressed.answerNow(page.body, nonce, acceptEncoding);
    if (!answer) return undefined;
    return { headers: [...CACHED_PAGE_HEADERS, 'Content-Encoding', answer.encoding!, 'Content-Length', String(answer.body.length)], body: answer.body };
  }

  return { serve, pages: { freshPage, send: (ctx: Context, page: CachedPage) => sendPage(ctx, page.body, page.status, true), answerNow } };
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
