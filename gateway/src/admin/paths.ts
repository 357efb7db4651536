import { AUTH_PATHS, FLASH_ADMIN_PATH, LEARNING_PATHS_ADMIN_PATH, WEBHOOKS_ADMIN_PATH } from '@coinmag/contracts';
import { ROUTES } from '../proxy/route-table.js';

/** Paths that only the signed-in admin may reach; each also covers everything below it. */
export const ADMIN_PATH_PREFIXES = [
  '/api/articles/admin',
  '/api/categories/admin',
  '/api/settings/admin',
  '/api/admin/stats',
  '/api/admin/audit',
  '/api/admin/wordpress',
  // 搜尋與失效連結 and 轉址管理 (docs/product.md).
  '/api/admin/numbers',
  '/api/admin/redirects',
  '/api/glossary/admin',
  WEBHOOKS_ADMIN_PATH,
  LEARNING_PATHS_ADMIN_PATH,
  FLASH_ADMIN_PATH,
  AUTH_PATHS.password,
  '/api/uploads/image',
  // 行情設定 (the markets service): its settings, and the coin list's search and added coins under /coins.
  '/api/admin/markets',
  // 訂閱者, 寄件匣 and 電子報 (the newsletter service).
  '/api/admin/newsletter',
] as const;

const MAX_DECODE_ROUNDS = 4;
/** isAdminPath's answer depends on the path alone and the same paths come back all the time: kept, bounded. */
const DECIDED_LIMIT = 2000;
const decided = new Map<string, boolean>();

/**
 * The canonical form the guard matches against: percent-decoded (repeatedly, so `%252F`
 * cannot hide a slash), backslashes as slashes, `//` collapsed, `.` and `..` resolved
 * (or, with `resolveDots` false, `..` kept as a literal segment), trailing slash and
 * `;params` dropped, lower-cased. Undefined when the path cannot be decoded.
 */
export function normalisePath(rawPath: string, resolveDots = true): string | undefined {
  let path = rawPath;
  for (let round = 0; round < MAX_DECODE_ROUNDS && path.includes('%'); round += 1) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
  }
  if (path.includes('%')) return undefined;
  const segments: string[] = [];
  for (const rawSegment of path.replace(/\\/g, '/').split('/')) {
    // `;jsessionid=…`-style parameters, stray whitespace and NULs are ignored by some servers.
    const segment = rawSegment.split(';')[0]!.replace(/[\s\0]+/g, '').toLowerCase();
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && resolveDots) segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** The first segments of the paths the proxy sends to a service (route-table.ts): `api`, `uploads`, `cards`. */
const SERVICE_SEGMENTS = new Set(ROUTES.map((route) => route.prefix.split('/')[1]!.toLowerCase()));

/**
 * True when the path's first segment, in any spelling (letter case, escapes, `;params`, repeated
 * slashes), is one the proxy sends to a service. A first segment that itself cannot be decoded
 * spells none of them.
 */
function mayReachService(rawPath: string): boolean {
  const first = normalisePath(`/${/^[/\\]*([^/\\]*)/.exec(rawPath)![1]!}`);
  return first !== undefined && SERVICE_SEGMENTS.has(first.slice(1));
}

/**
 * Errs towards "admin": a path read as admin merely needs a token, one missed would skip
 * the check. The proxy forwards the raw path, and an upstream router may not resolve `..`
 * (`/api/articles/admin/..` could reach `/admin/:id` there), so a path counts as admin when
 * either reading of its dot segments is, and when it cannot be decoded at all and a service
 * could receive it. An undecodable page path (`/tag/%ZZ`) reaches no service: the page
 * renderer answers it (a 404 page), so it is not admin.
 */
export function isAdminPath(rawPath: string): boolean {
  const known = decided.get(rawPath);
  if (known !== undefined) return known;
  const forms = [normalisePath(rawPath, true), normalisePath(rawPath, false)];
  const admin = forms.some(
    (path) => (path === undefined ? mayReachService(rawPath) : ADMIN_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))),
  );
  if (decided.size >= DECIDED_LIMIT) decided.clear();
  decided.set(rawPath, admin);
  return admin;
}
