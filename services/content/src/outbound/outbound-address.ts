import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the content service may connect on a URL's say-so (docs/security.md): the WordPress
 * import's image fetcher and the webhook and IndexNow deliveries share this one check.
 */

/**
 * Addresses never reached on a URL's say-so: this machine, the private networks, link-local (cloud
 * metadata). One list per family: Node's BlockList matches an IPv4 address against an IPv4-mapped
 * IPv6 subnet, so `::ffff:0:0/96` in a shared list refused every public IPv4 address.
 */
const PRIVATE_V4 = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  PRIVATE_V4.addSubnet(network, prefix, 'ipv4');
}
const PRIVATE_V6 = new BlockList();
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96], ['64:ff9b::', 96]] as const) {
  PRIVATE_V6.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE_V4.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE_V4.check(mapped[1]!, 'ipv4');
    return PRIVATE_V6.check(address, 'ipv6');
  }
  return true;
}

/** An operator's list of hosts (`name` or `name:port`, comma-separated; `*` for any) whose private addresses may be reached. */
export function parseAllowedHosts(value: string): string[] {
  return value.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
}

export function hostAllowed(url: URL, hosts: readonly string[]): boolean {
  return hosts.includes('*') || hosts.includes(url.host.toLowerCase()) || hosts.includes(url.hostname.toLowerCase());
}

export const refusedMessage = (host: string) => `拒絕連線到內部位址（${host}）`;

/** True when the URL names a private address outright (an IP literal) and its host is not allowed. */
export function refusedLiteral(url: URL, allowPrivate: boolean): boolean {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return !allowPrivate && isIP(literal) !== 0 && isPrivateAddress(literal);
}

/** The address connected to is the one checked: no second lookup a DNS answer could change. */
export function guardedLookup(allowPrivate: boolean, refuse: (hostname: string) => Error): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      if (!list.length || list.some((entry) => !allowPrivate && isPrivateAddress(entry.address))) return callback(refuse(hostname), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * The same rules, asked when a URL is saved (a webhook endpoint): the error the admin sees, or
 * null when the URL may be reached as far as DNS says now. A name that does not resolve yet is
 * let through (the delivery checks again, on the address it connects to).
 */
export async function outboundUrlProblem(rawUrl: string, allowedHosts: readonly string[]): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return '網址格式不正確';
  }
  if (hostAllowed(url, allowedHosts)) return null;
  if (refusedLiteral(url, false)) return refusedMessage(url.hostname);
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return null;
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(url.hostname, { all: true }, (err, found) => resolve(err ? [] : found)));
  return addresses.some((entry) => isPrivateAddress(entry.address)) ? refusedMessage(url.hostname) : null;
}
