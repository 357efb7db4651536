/** An image URL the browser can load: absolute stays, site paths stay, a bare file name lives under /uploads/. */
export function resolveImageUrl(src: string | null | undefined): string | null {
  const value = src?.trim();
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('/') || value.startsWith('data:')) return value;
  return `/uploads/${value}`;
}

/** True when an http image would be loaded into an https page (mixed content). */
export function isInsecureOnSecurePage(src: string, pageProtocol: string): boolean {
  return pageProtocol === 'https:' && /^http:\/\//i.test(src);
}
