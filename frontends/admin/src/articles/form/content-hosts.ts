/**
 * Before saving, absolute addresses of the author's machine (localhost and friends, any port)
 * and of hosts the site used to live on become site-relative paths (docs/product.md §5), so content
 * keeps working wherever the site is served.
 */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '0.0.0.0', '[::1]'];

/** Hosts the magazine used to be served from; links to them are links to this site. */
export const OLD_CONTENT_HOSTS: readonly string[] = ['coinmag.tw', 'www.coinmag.tw', 'api.coinmag.tw'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function hostPattern(extraHosts: readonly string[]): RegExp {
  const hosts = [...LOCAL_HOSTS, ...OLD_CONTENT_HOSTS, ...extraHosts].map((host) => escape(host.toLowerCase()));
  // Only inside src/href attribute values; the port belongs to the host, the path is kept.
  return new RegExp(`(\\s(?:src|href)\\s*=\\s*["'])(?:https?:)?\\/\\/(?:${hosts.join('|')})(?::\\d+)?(?=([/?#"']))`, 'gi');
}

/** `extraHosts`: hosts that are this site too (the current host, without a port rule). */
export function stripContentHosts(html: string, extraHosts: readonly string[] = []): string {
  // A bare host (nothing after it) is the site root.
  return html.replace(hostPattern(extraHosts), (_match, attribute: string, next: string) => (next === '"' || next === "'" ? `${attribute}/` : attribute));
}
