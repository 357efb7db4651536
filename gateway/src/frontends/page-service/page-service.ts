import type { Context } from 'koa';
import { DEFAULT_SETTINGS, withoutAds } from '@coinmag/contracts';
import { isAdFreePath, isAdminPagePath } from '@coinmag/rules';
import type { GatewayCache } from '../../cache/response-cache.js';
import type { ContentClient } from '../content-client.js';
import type { RemoteManifest } from '../remote-manifest.js';
import { PageCache, type CachedPage } from './page-cache.js';
import { writePage } from './page-head.js';
import type { PageRenderer } from './render-page.js';
import { PageSender } from './send-page.js';
import type { ShellTemplate } from './shell-template.js';
import type { PageTicker } from '../../markets/page-ticker.js';

export type { CachedPage } from './page-cache.js';

/** What names a public page in the cache: its origin, path and query (a Koa context, or a request read as Koa reads it). */
export interface PageRequest {
  readonly origin: string;
  readonly path: string;
  readonly search: string;
}

/** What the edge's page lane (edge/fresh-pages.ts) calls: the fresh cached page, and how it goes out. */
export interface CachedPages {
  /** The fresh cached rendering `answer` would send for this public page, found without an await; undefined whenever `answer` must look for itself. */
  freshPage(request: PageRequest): CachedPage | undefined;
  /** Sets status, headers and body as `answer` does for a cached page (the nonce is ctx.state.cspNonce). */
  send(ctx: Context, page: CachedPage): Promise<void>;
  /**
   * What send would answer, as the page's own headers in a flat list for writeHead and its body,
   * when its compressed form is made already; undefined when send has to make or wait for it.
   */
  answerNow(page: CachedPage, nonce: string, acceptEncoding: string | undefined): { headers: string[]; body: Buffer } | undefined;
}

/** A page service: every page (public or the back office's shell), from the cache or rendered, and sent. */
export interface PageService extends CachedPages {
  answer(ctx: Context): Promise<void>;
}

export interface PageServiceParts {
  template: ShellTemplate;
  renderer: PageRenderer;
  /** The settings and header categories each page is rendered with. */
  content: ContentClient;
  /** The gateway's cache of public answers: rendered pages are kept there, exact by its invalidations. */
  cache?: GatewayCache;
  /** Canonical origin; the request's own origin when unset. */
  siteOrigin?: string;
  remotes(): Promise<RemoteManifest>;
  /** The public remote's scripts a page loads first (none when it is served elsewhere). */
  publicScripts(): Promise<string[]>;
  /** The public remote's stylesheet links. */
  publicStyles(): Promise<string>;
  /** What fills each page's price ticker slot as it is sent (markets/ticker-feed.ts). */
  ticker?: PageTicker;
}

/**
 * Page lookup, rendering, caching and sending: a public page is answered from the cache (one
 * lookup, no content call, no render) or rendered by the public remote's server code, which owns
 * its data, status, head and redirects, and kept; a preview link's page is private and never kept;
 * the back office's pages are the shell alone, never rendered here.
 */
export function pageService({ template, renderer, content, cache, siteOrigin, remotes, publicScripts, publicStyles, ticker }: PageServiceParts): PageService {
  const pages = cache && new PageCache(cache);
  const sender = new PageSender(ticker);
  const originOf = (request: PageRequest) => (siteOrigin ?? request.origin).replace(/\/$/, '');
  const keyOf = (version: number, request: PageRequest) => PageCache.key(version, originOf(request), `${request.path}${request.search}`);

  function freshPage(request: PageRequest): CachedPage | undefined {
    const checked = template.checked();
    if (!pages || !checked || isAdminPagePath(request.path)) return undefined;
    return pages.fresh(keyOf(checked.version, request));
  }

  async function answer(ctx: Context): Promise<void> {
    const shell = await template.current();
    if (!shell) return sender.notBuilt(ctx);
    const admin = isAdminPagePath(ctx.path);
    const lookup = pages && !admin ? pages.lookup(keyOf(shell.version, ctx)) : undefined;
    if (lookup?.kept?.fresh) return sender.send(ctx, lookup.kept.page, true);
    const rendering = lookup && (await pages!.rendered(lookup.key));
    if (rendering) return sender.send(ctx, rendering, true);
    // Ends with the response, however it ends (a redirect, an error, a page not kept).
    const started = lookup && pages!.start(lookup.key);
    if (started) ctx.res.once('close', started.done);
    // A field the service left out reads as the default, as the shell reads it (settings-store.ts).
    const read = admin ? null : await content.settings();
    const merged = read && { ...DEFAULT_SETTINGS, ...read };
    // Where ads never run (a preview link's page), the page carries no ad code or ad settings at all.
    const settings = merged && isAdFreePath(ctx.path) ? withoutAds(merged) : merged;
    const served = admin ? null : await renderer.render({ pathname: ctx.path, search: ctx.search, settings: settings || DEFAULT_SETTINGS, headerCategories: await content.headerCategories() });
    const reply = served?.answer;
    // A preview link's page: for the one browser that opened it, never kept by any cache, never indexed.
    if (reply?.private === true) ctx.state.privatePage = true;
    if (reply?.redirect) return sender.redirect(ctx, reply.status, reply.redirect);
    const status = reply?.status ?? 200;
    // The content service failed: the last good rendering, if there is one, beats an error page.
    if (status === 503 && lookup?.kept) return sender.send(ctx, lookup.kept.page, true);
    const rendered = served?.html ? { html: served.html, boot: served.boot } : null;
    const manifest = await remotes();
    const publicEntry = manifest.public?.entry;
    const scriptPreloads = admin ? [] : [...(publicEntry ? [publicEntry] : []), ...(await publicScripts())];
    const remoteStyles = admin ? '' : await publicStyles();
    const page = { status, body: writePage({ template: shell.html, origin: originOf(ctx), path: ctx.path, admin, settings, answer: reply, rendered, remotes: manifest, scriptPreloads, remoteStyles }) };
    const kept = Boolean(lookup && started && rendered && !reply?.private && pages!.keep(lookup.key, started.ticket, page, reply?.deps));
    await sender.send(ctx, page, kept);
  }

  return {
    answer,
    freshPage,
    send: (ctx, page) => sender.send(ctx, page, true),
    answerNow: (page, nonce, acceptEncoding) => sender.answerNow(page, nonce, acceptEncoding),
  };
}
