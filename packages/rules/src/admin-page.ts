/**
 * The back office's pages: `/admin` and everything under it, in any letter case (a server
 * that matched only `/admin` rendered `/ADMIN/x` as a public page and cached it). Used by the
 * gateway (no server rendering, no page cache, no ads) and by the shell (which remote to load).
 */
const ADMIN_PAGE = /^\/admin(\/|$)/i;

export function isAdminPagePath(pathname: string): boolean {
  return ADMIN_PAGE.test(pathname);
}
