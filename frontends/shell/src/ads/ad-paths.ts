/** Ads and analytics never render, nor load, on a path that mentions the back office. */
export function isAdFreePath(pathname: string): boolean {
  return /admin|dashboard|backend/i.test(pathname);
}

export { isAdminPagePath as isAdminPath } from '@coinmag/rules';
