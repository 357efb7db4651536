import type { ComponentType } from 'react';
import type { Settings } from '@coinmag/contracts';
import type { PageRoute } from '@coinmag/rules';
import { ApiError, type Api } from '../api/http';
import type { InitialPageData } from '../data/page-data';
import type { PageMeta } from '../meta/use-page-meta';
import { notFoundMeta } from '../pages/NotFoundPage';

/** The image that will be the page's largest paint, preloaded with the srcset and sizes its <img> uses. */
export interface LcpImage {
  src: string;
  sizes: string;
}

/** Where a page lives instead: 301 (an old slug, another spelling of a tag), 302 (a preview of what is now published). */
export interface Moved {
  status: 301 | 302;
  to: string;
}

/**
 * One public page, as the route table names it (routes/pages.ts): what its URL asks for, how its
 * state is loaded, the head written from that state, and the component that shows it. `R` is its
 * route (`pageRoute`), `P` what the page is asked for, `S` its state (the same the component's
 * `usePageState` holds in the browser).
 */
export interface PageDefinition<R, P, S extends { status: string }> {
  /** The path the browser's router matches under the public app ('' for the index). */
  path: string;
  component: ComponentType;
  /** What the page is asked for (a slug, a list page, a search term); null when the path can name nothing (a 404, nothing read). */
  params(route: R, query: URLSearchParams): P | null;
  /** The key its state is embedded under: the one its component asks usePageState for. */
  key(params: P): string;
  load(params: P, api: Api): Promise<S>;
  /** The state shown when `load` threw; default `{ status: 'failed' }`. */
  failed(err: unknown): S;
  /** The head its component sets in the browser, from the same state; null while that state is unreadable. */
  meta(params: P, state: S, settings: Settings): PageMeta | null;
  /** The head of a path that names nothing; default the not-found page's. */
  namesNothing?(pathname: string, settings: Settings): PageMeta;
  /** The title when its content could not be read (docs/product.md §10); default 載入資料失敗. */
  unavailableTitle?: string;
  /** Where the page lives instead, decided before any read. */
  movedBefore?(params: P, pathname: string): Moved | null;
  /** Where it lives instead, once its state is read (the reads it needs go through the same `api`). */
  movedAfter?(params: P, state: S, status: number, api: Api): Promise<Moved | null>;
  lcpImage?(state: S): LcpImage | null;
  /** What it depends on besides articles, categories and settings (the gateway drops it when one changes). */
  deps?(params: P, state: S): string[] | undefined;
  /** A preview link's page: never cached, never indexed. */
  private?: true;
}

/** A page's answer before its head is completed with the site's title. */
export interface RouteAnswer {
  status: number;
  /** null: the page's content could not be read (the head says so). */
  meta: PageMeta | null;
  unavailableTitle: string;
  moved?: Moved;
  data: InitialPageData | null;
  lcpImage: LcpImage | null;
  deps?: string[];
  private?: true;
}

/** A page of the route table with its state type inside: answers its route, shows its component. */
export interface PageEntry<R> {
  path: string;
  component: ComponentType;
  answer(route: R, pathname: string, query: URLSearchParams, settings: Settings, api: Api): Promise<RouteAnswer>;
}

/** The status a page's state answers with: missing → 404, unreadable → 503. */
function statusOf(state: { status: string }): number {
  if (state.status === 'missing' || state.status === 'unknown' || state.status === 'gone') return 404;
  if (state.status === 'failed') return 503;
  return 200;
}

/** The API refused the request itself (a search term too long, say): the reader's input, not an outage. */
function refusedInput(err: unknown): number | undefined {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.status : undefined;
}

/** A table entry from a page's definition: loads its state, settles its status, writes its head. */
export function definePage<R, P, S extends { status: string }>(page: PageDefinition<R, P, S>): PageEntry<R> {
  const unavailableTitle = page.unavailableTitle ?? '載入資料失敗';
  return {
    path: page.path,
    component: page.component,
    async answer(route, pathname, query, settings, api) {
      const params = page.params(route, query);
      if (params === null) {
        const meta = page.namesNothing?.(pathname, settings) ?? notFoundMeta(pathname, settings);
        return { status: 404, meta, unavailableTitle, data: null, lcpImage: null };
      }
      const before = page.movedBefore?.(params, pathname);
      if (before) return { status: before.status, meta: null, unavailableTitle, moved: before, data: null, lcpImage: null };
      const key = page.key(params);
      let state: S;
      let status: number;
      try {
        state = await page.load(params, api);
        status = statusOf(state);
      } catch (err) {
        state = page.failed(err);
        status = refusedInput(err) ?? statusOf(state);
      }
      const after = await page.movedAfter?.(params, state, status, api);
      const deps = page.deps?.(params, state);
      const privately = page.private ? { private: true as const } : {};
      if (after) return { status: after.status, meta: null, unavailableTitle, moved: after, data: null, lcpImage: null, ...privately };
      return {
        status,
        meta: page.meta(params, state, settings),
        unavailableTitle,
        data: { key, state },
        lcpImage: page.lcpImage?.(state) ?? null,
        ...(deps ? { deps } : {}),
        ...privately,
      };
    },
  };
}

/** The page of a route, as the table's key names it. */
export type PageName = PageRoute['page'];
type RouteFields = { [K in PageName]: Omit<Extract<PageRoute, { page: K }>, 'page'> };
/** A route of one of the pages `K` (written so that the table's entry for `route.page` takes `route`). */
export type RouteOf<K extends PageName = PageName> = { [X in K]: { page: X } & RouteFields[X] }[K];
/** The route table: one entry for every page `pageRoute` can name. */
export type RouteTable = { [K in PageName]: PageEntry<RouteOf<K>> };
