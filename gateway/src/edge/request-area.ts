import { isAdminPagePath, isSlugParam } from '@coinmag/rules';
import { isAdminApiPath } from '../admin/origin.js';
import { isAdminPath } from '../admin/paths.js';
import { CSP_REPORT_PATH } from '../csp/policy.js';
import { matchRoute } from '../proxy/route-table.js';

/**
 * What a request is for, decided once at the edge: a public content read (`public-api`), a view
 * beacon, a public page, or something only the chain answers (admin API and pages, auth,
 * media, the CSP report endpoint, the frontends' assets).
 */
export type RequestArea = 'public-api' | 'beacon' | 'page' | 'chain';

/** `/api/articles/{slug}/views`, the slug raw (letters, digits, `_`, `-`, percent-escapes); nothing else. */
const BEACON_PATH = /^\/api\/articles\/((?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2}){1,600})\/views$/;
/** No query, or the page view's id, the referring host (`r`, any text: checked later, garbage taken as none), or both in that order. */
const BEACON_QUERY = /^(?:\?(?:pv=([0-9A-Fa-f-]{1,64})(?:&r=([^&#]{0,300}))?|r=([^&#]{0,300})))?$/;

/** What a beacon names: the article's slug (decoded), the page view's id and the referring host as sent (raw), when sent. */
export interface BeaconTarget {
  slug: string;
  pv?: string;
  r?: string;
}

/** The slug and page-view id of a request shaped exactly as a beacon; undefined for anything else. */
export function beaconTarget(path: string, url: string): BeaconTarget | undefined {
  const match = BEACON_PATH.exec(path);
  if (!match) return undefined;
  const query = url.indexOf('?');
  const search = query < 0 ? '' : url.slice(query);
  const parts = BEACON_QUERY.exec(search);
  if (!parts) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  if (!isSlugParam(slug)) return undefined;
  const target: BeaconTarget = { slug };
  if (parts[1] !== undefined) target.pv = parts[1];
  const r = parts[2] ?? parts[3];
  if (r !== undefined) target.r = r;
  return target;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** A public content API path: the content service's, neither an admin one nor the CSP report endpoint. */
const isContentApiPath = (path: string) => path !== CSP_REPORT_PATH && !isAdminApiPath(path) && matchRoute(path)?.upstream === 'content';

function apiArea(method: string, path: string, url: string): RequestArea {
  if (!isContentApiPath(path)) return 'chain';
  if (method === 'GET' || method === 'HEAD') return 'public-api';
  return method === 'POST' && beaconTarget(path, url) ? 'beacon' : 'chain';
}

/** What a request of the `beacon` area names (requestArea's rule, in one step); undefined for any other request. */
export function beaconOf(method: string, path: string, url: string): BeaconTarget | undefined {
  return method === 'POST' && isApiPath(path) && isContentApiPath(path) ? beaconTarget(path, url) : undefined;
}

/** The area of a request from its method, decoded path and raw URL (path and query as sent). */
export function requestArea(method: string, path: string, url: string): RequestArea {
  if (isApiPath(path)) return apiArea(method, path, url);
  if (path === '/mf' || path.startsWith('/mf/') || path.startsWith('/uploads/') || isAdminPagePath(path) || isAdminPath(path)) return 'chain';
  return 'page';
}

/** True when ADMIN_ORIGIN is set and the request came to its host: the edge answers nothing there. */
export function onHost(host: string, adminHostLower: string | undefined): boolean {
  return adminHostLower !== undefined && host.toLowerCase() === adminHostLower;
}
