// The public remote's server container (dist/server/remoteEntry.js, exposed as `./server`): the
// same PublicApp the browser runs, and the answer for a URL from the route table (routes/pages.ts).
import type { Settings } from '@coinmag/contracts';
import { pageRoute, type PageMetaInput } from '@coinmag/rules';
import type { ApiReader } from './api/http';
import type { InitialPageData } from './data/page-data';
import type { LcpImage, RouteAnswer } from './routes/page-entry';
import { answerRoute } from './routes/answer-route';

export { default as PublicApp } from './PublicApp';
export type { ApiReader, LcpImage };

/** What the gateway asks for: a URL, the site's settings, and how this render reads the API (with its deadline). */
export interface PageRequest {
  pathname: string;
  search: string;
  settings: Settings;
  /** The gateway's reads, through its cache of API answers: a page's data is read once per render, exactly as fresh as the API. */
  read: ApiReader;
  signal: AbortSignal;
}

/** What the server answers for a URL: its status, its head, and the data it is first rendered with. */
export interface PageAnswer {
  status: number;
  head: Omit<PageMetaInput, 'origin'>;
  /** The page lives at this path (301: an old slug, another spelling of a tag; 302: a preview of what is now published); nothing else is rendered. */
  redirect?: string;
  /** A preview link's page: never cached, never indexed. */
  private?: true;
  data: InitialPageData | null;
  lcpImage: LcpImage | null;
  /** What the page depends on besides articles, categories and settings (the gateway drops it when one changes). */
  deps?: string[];
}

function pageAnswer(route: RouteAnswer, pathname: string, settings: Settings): PageAnswer {
  const { status, data, lcpImage, deps, moved } = route;
  const privately = route.private ? { private: true as const } : {};
  if (moved) return { status: moved.status, redirect: moved.to, head: { siteTitle: settings.site_title, description: settings.site_description, path: pathname, noIndex: true }, data: null, lcpImage: null, ...privately };
  const meta = route.meta ?? { title: route.unavailableTitle, description: settings.site_description, path: pathname, noIndex: true };
  // A preview link's page is never indexed, whatever its state.
  const head = { ...meta, siteTitle: settings.site_title, ...(route.private ? { noIndex: true } : {}) };
  return { status, head, data, lcpImage, ...(deps ? { deps } : {}), ...privately };
}

/**
 * Answers a URL as the server renders it: the page's data (read with the request's reader, one read
 * per resource), the status it implies, a 301 for an old slug, and the head written from the same
 * state the page's component uses in the browser (docs/product.md §3).
 */
export async function answerUrl({ pathname, search, settings, read, signal }: PageRequest): Promise<PageAnswer> {
  const route = await answerRoute(pageRoute(pathname), pathname, new URLSearchParams(search), settings, { read, signal });
  return pageAnswer(route, pathname, settings);
}
