import { isAdminPagePath } from '@coinmag/rules';
import { normaliseMissingPath, normaliseSearchTerm, referrerHost } from '@coinmag/contracts';

/** What one answered request adds to the editor's numbers: a search by its term, a missing page by path and referring host. */
export type ReaderEvent = { search: string } | { missing: { path: string; host: string } } | { redirected: string };

/** What the edge knows of an answered request. */
export interface AnsweredRequest {
  method: string;
  path: string;
  /** The query string without `?`. */
  querystring: string;
  status: number;
  userAgent: string | undefined;
  referer: string | undefined;
}

/**
 * Crawlers, monitors and scripts by their user agent (the common words in their names), and an
 * empty one: their searches and 404s are not readers'.
 */
const BOT_AGENT = /bot|crawl|spider|slurp|curl|wget|python|go-http|java\/|okhttp|axios|node-fetch|undici|headless|lighthouse|pingdom|uptime|monitor|scan|facebookexternalhit|preview|feed|httpclient|libwww|scrapy|ahrefs|semrush|mj12|petal|bytespider/i;

/** Paths that probe for software this site does not run, and files (assets, icons, scripts): not a reader's broken link. */
const PROBE_PATH = /^\/(wp-|xmlrpc|phpmyadmin|pma|cgi-bin|\.well-known\/|\.git|\.env|vendor\/|admin\.|owa\/|autodiscover|boaform|actuator|console|solr|hudson|jenkins)|\.(php\d?|asp|aspx|jsp|cgi|env|ini|sql|bak|zip|tar|gz|rar|7z|xml|txt|json|js|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|yml|yaml|config|log|sh|exe|dll)$/i;

/** A public page's path: not the API, the assets, the uploads, the cards, the internal routes or the back office. */
function publicPath(path: string): boolean {
  return !(path === '/api' || path.startsWith('/api/') || path.startsWith('/mf/') || path.startsWith('/uploads/') || path.startsWith('/cards/') || path.startsWith('/internal/') || isAdminPagePath(path) || path.startsWith('/admin'));
}

/** A reader's agent: present and not a known robot's. */
export function isReaderAgent(userAgent: string | undefined): boolean {
  return Boolean(userAgent) && !BOT_AGENT.test(userAgent!);
}

/**
 * The event an answered request makes, if any: a GET of the search page's first page with a term
 * (answered 200), a GET of a public path answered 301 (a redirect followed), or a GET of a public page answered 404 — from a reader's agent, outside the
 * back office, the API, the assets and the uploads.
 */
export function readerEvent(request: AnsweredRequest): ReaderEvent | undefined {
  if (request.method !== 'GET' || (request.status !== 200 && request.status !== 404 && request.status !== 301)) return undefined;
  const { path } = request;
  if (request.status === 301) return publicPath(path) && isReaderAgent(request.userAgent) ? { redirected: normaliseMissingPath(path) } : undefined;
  if (request.status === 200) {
    if (path !== '/search' || !isReaderAgent(request.userAgent)) return undefined;
    const params = new URLSearchParams(request.querystring);
    const page = params.get('page');
    if (page !== null && page !== '1') return undefined;
    const term = normaliseSearchTerm(params.get('q') ?? '');
    return term ? { search: term } : undefined;
  }
  if (!publicPath(path) || PROBE_PATH.test(path) || !isReaderAgent(request.userAgent)) return undefined;
  return { missing: { path: normaliseMissingPath(path), host: referrerHost(request.referer) } };
}
