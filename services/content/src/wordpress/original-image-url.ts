/** Jetpack's Photon CDN hosts: i0.wp.com/example.com/wp-content/… is a copy of example.com/wp-content/…. */
const PHOTON_HOST = /^i[0-3]\.wp\.com$/i;
/** WordPress names its resized copies photo-300x200.jpg (and photo-scaled.jpg for big uploads). */
const RESIZED_NAME = /-(?:\d{1,5}x\d{1,5}|scaled)(\.[a-z0-9]{2,5})$/i;

/**
 * The full-size original of an image URL a post references: a Photon CDN copy points back at the
 * site, a resized copy at the file WordPress resized it from, and query strings (?resize=…, ?w=…)
 * are dropped. Undefined for anything that is not an http(s) URL.
 */
export function originalImageUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/&amp;/g, '&'));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (PHOTON_HOST.test(url.hostname)) {
    const [, host, ...rest] = url.pathname.split('/');
    if (!host || !rest.length) return undefined;
    url = new URL(`https://${host}/${rest.join('/')}`);
  }
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(RESIZED_NAME, '$1');
  return url.toString();
}
