import { AUTH_PATHS } from '@coinmag/contracts';

export type Upstream = 'content' | 'auth' | 'media' | 'markets' | 'newsletter';

export interface Route {
  prefix: string;
  upstream: Upstream;
  /** Longer timeout for slow calls such as image processing. */
  slow?: boolean;
}

/** Most specific prefixes first; the first match wins. */
export const ROUTES: Route[] = [
  { prefix: AUTH_PATHS.login, upstream: 'auth' },
  { prefix: AUTH_PATHS.verify, upstream: 'auth' },
  { prefix: AUTH_PATHS.password, upstream: 'auth' },
  { prefix: '/api/uploads/', upstream: 'media', slow: true },
  // A WordPress export of 100 MB and more is streamed through, then read for the dry run.
  { prefix: '/api/admin/wordpress/imports', upstream: 'content', slow: true },
  { prefix: '/uploads/', upstream: 'media' },
  // Social cards of articles without a cover (SOCIAL_CARD_PREFIX), drawn by the media service.
  { prefix: '/cards/', upstream: 'media' },
  // Prices (docs/product.md, Market data): the public answers and the admin's 行情設定.
  { prefix: '/api/markets/', upstream: 'markets' },
  { prefix: '/api/admin/markets', upstream: 'markets' },
  // 電子報 (docs/product.md, Newsletter): subscribing, the signed links' endpoints, 訂閱者 and 電子報.
  { prefix: '/api/newsletter/', upstream: 'newsletter' },
  { prefix: '/api/admin/newsletter', upstream: 'newsletter' },
  { prefix: '/api/', upstream: 'content' },
];

/** A prefix ending in '/' matches anything below it; one without matches itself or a sub-path. */
export function matchRoute(path: string): Route | undefined {
  return ROUTES.find((route) =>
    route.prefix.endsWith('/') ? path.startsWith(route.prefix) : path === route.prefix || path.startsWith(`${route.prefix}/`),
  );
}
