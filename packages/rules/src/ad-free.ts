/**
 * Paths where ads and analytics never render nor load: any path that mentions the back office, and
 * a preview link's page (`/preview/{token}`: an ad script could read the token in its address and
 * the unpublished article with it).
 */
export function isAdFreePath(pathname: string): boolean {
  return /admin|dashboard|backend/i.test(pathname) || /^\/+preview(\/|$)/i.test(pathname);
}
