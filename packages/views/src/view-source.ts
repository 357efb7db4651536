/**
 * Where a counted view came from and on what, as its bucket keeps it (docs/product.md, What is
 * recorded): the kind of the referring site and its host only, and the device class from the user
 * agent. The only place that classifies a host or a user agent for view counting.
 */

/** `search`: a search engine; `social`: a social network or messenger; `site`: any other site; `direct`: no other site. */
export type SourceKind = 'search' | 'social' | 'direct' | 'site';
export type DeviceClass = 'phone' | 'tablet' | 'desktop';

export const SOURCE_KINDS: readonly SourceKind[] = ['search', 'social', 'direct', 'site'];
export const DEVICE_CLASSES: readonly DeviceClass[] = ['phone', 'tablet', 'desktop'];

/** A DNS name at most. */
export const REFERRER_HOST_MAX = 253;

export interface ViewSource {
  kind: SourceKind;
  /** The referring site's host; '' when direct. */
  host: string;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOSTNAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

/**
 * The referring host as the page sent it, checked: a hostname (letters, digits and hyphens in
 * labels of at most 63, at most 253 in all; punycode kept as it is), lower-cased, without a
 * trailing dot; '' for anything else (no host, an address with a port, a path, garbage).
 */
export function checkedReferrerHost(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > REFERRER_HOST_MAX + 1) return '';
  const host = raw.toLowerCase().replace(/\.$/, '');
  return host.length <= REFERRER_HOST_MAX && HOSTNAME.test(host) ? host : '';
}

/** Registered domains (and their subdomains) per kind. */
const SEARCH_DOMAINS = [
  'bing.com', 'yahoo.com', 'yahoo.co.jp', 'duckduckgo.com', 'baidu.com', 'naver.com', 'daum.net', 'ecosia.org', 'startpage.com',
  'search.brave.com', 'qwant.com', 'sogou.com', 'so.com', 'seznam.cz', 'ask.com', 'aol.com', 'perplexity.ai', 'kagi.com',
];
/**
 * The social networks and messengers, each by its registered domains: a referring host at or below
 * one of them is `social`, and the editor's dashboard names it by its network (社群: LINE,
 * Facebook, X…), or by its host where the network has no name here. The one list both read.
 */
export const SOCIAL_NETWORKS: ReadonlyArray<{ readonly name?: string; readonly domains: readonly string[] }> = [
  { name: 'LINE', domains: ['line.me', 'lin.ee', 'line.naver.jp'] },
  { name: 'Facebook', domains: ['facebook.com', 'fb.com', 'fb.me', 'messenger.com'] },
  { name: 'X', domains: ['x.com', 'twitter.com', 't.co'] },
  { name: 'Telegram', domains: ['t.me', 'telegram.org', 'telegram.me'] },
  { name: 'Threads', domains: ['threads.net', 'threads.com'] },
  { name: 'Instagram', domains: ['instagram.com'] },
  { name: 'YouTube', domains: ['youtube.com', 'youtu.be'] },
  { name: 'Reddit', domains: ['reddit.com', 'redd.it'] },
  { name: 'PTT', domains: ['ptt.cc'] },
  { name: 'Dcard', domains: ['dcard.tw'] },
  { name: 'Discord', domains: ['discord.com', 'discord.gg'] },
  { name: 'LinkedIn', domains: ['linkedin.com', 'lnkd.in'] },
  // Shown by their host.
  { domains: ['pinterest.com', 'tiktok.com', 'plurk.com', 'weibo.com', 'whatsapp.com', 'wa.me', 'mastodon.social', 'bsky.app', 'medium.com', 'mobile01.com'] },
];
/** Engines with a site per country: google.com, google.com.tw, google.co.jp, yandex.ru… */
const COUNTRY_SEARCH = /(?:^|\.)(?:google|yandex)\.(?:com|[a-z]{2}|com?\.[a-z]{2})$/;

/** Registered domain → kind: a host is looked up by itself and each parent domain (a few Map lookups, no scan). */
const KIND_OF = new Map<string, SourceKind>([
  ...SEARCH_DOMAINS.map((domain) => [domain, 'search'] as const),
  ...SOCIAL_NETWORKS.flatMap(({ domains }) => domains.map((domain) => [domain, 'social'] as const)),
]);
/** A social network's registered domain → its name on the dashboard. */
const NETWORK_OF = new Map<string, string>(SOCIAL_NETWORKS.flatMap(({ name, domains }) => (name ? domains.map((domain) => [domain, name] as const) : [])));

/** What `of` holds for the host itself or its nearest parent domain. */
function byDomain<T>(of: ReadonlyMap<string, T>, host: string): T | undefined {
  for (let at = 0; ; ) {
    const found = of.get(at === 0 ? host : host.slice(at));
    if (found !== undefined) return found;
    const dot = host.indexOf('.', at);
    if (dot < 0) return undefined;
    at = dot + 1;
  }
}

/**
 * The source of a view from the referring host (checked with `checkedReferrerHost`): no host, or
 * this site's own (`ownHost`: a reader moving between this site's pages), is `direct`.
 */
export function viewSource(host: string, ownHost?: string): ViewSource {
  if (!host || (ownHost !== undefined && host === ownHost.toLowerCase())) return { kind: 'direct', host: '' };
  const kind = byDomain(KIND_OF, host) ?? (COUNTRY_SEARCH.test(host) ? 'search' : 'site');
  return { kind, host };
}

/** The name the dashboard gives a social host: its network's (SOCIAL_NETWORKS), else the host itself, lower-cased. */
export function socialNetworkName(host: string): string {
  const lower = host.toLowerCase();
  return byDomain(NETWORK_OF, lower) ?? lower;
}

// Case-sensitive, as browsers write these words (a case-insensitive alternation costs a few µs per beacon).
const TABLET = /iPad|[Tt]ablet|PlayBook|Silk\/|Kindle|Nexus (?:7|9|10)\b|SM-T\d/;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|webOS/;

/** The device class from the user agent: a tablet's word first (Android without "Mobile" is a tablet), then a phone's, else desktop. */
export function deviceClass(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return 'tablet';
  if (PHONE.test(userAgent)) return 'phone';
  return userAgent.includes('Android') ? 'tablet' : 'desktop';
}
