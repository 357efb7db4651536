const BARE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * featured_image may be stored as a full URL, a site path (/uploads/…) or a bare file
 * name (docs/product.md §3). Responses always carry something an <img> can load, or null.
 */
export function resolveFeaturedImage(stored: string | null | undefined): string | null {
  const value = stored?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (value.startsWith('uploads/')) return `/${value}`;
  if (BARE_FILE_NAME.test(value) && !value.includes('..')) return `/uploads/${value}`;
  return null;
}
