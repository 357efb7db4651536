/**
 * The social networks the dashboard names (社群 grouped by network): a referring host belongs to a
 * network when it is one of the network's domains or below one (m.facebook.com, l.facebook.com).
 * Which hosts are social at all is decided when the view is counted (packages/views); this only
 * names them. A social host of no listed network is shown by its host.
 */
const NETWORKS: ReadonlyArray<{ name: string; domains: readonly string[] }> = [
  { name: 'LINE', domains: ['line.me', 'lin.ee', 'line.naver.jp'] },
  { name: 'Facebook', domains: ['facebook.com', 'fb.com', 'fb.me', 'messenger.com'] },
  { name: 'X', domains: ['x.com', 'twitter.com', 't.co'] },
  { name: 'Telegram', domains: ['t.me', 'telegram.org', 'telegram.me'] },
  { name: 'Threads', domains: ['threads.net', 'threads.com'] },
  { name: 'Instagram', domains: ['instagram.com'] },
  { name: 'YouTube', domains: ['youtube.com', 'youtu.be'] },
  { name: 'Reddit', domains: ['reddit.com'] },
  { name: 'PTT', domains: ['ptt.cc'] },
  { name: 'Dcard', domains: ['dcard.tw'] },
  { name: 'Discord', domains: ['discord.com', 'discord.gg'] },
  { name: 'LinkedIn', domains: ['linkedin.com', 'lnkd.in'] },
];

export function socialNetworkName(host: string): string {
  const lower = host.toLowerCase();
  for (const network of NETWORKS) {
    if (network.domains.some((domain) => lower === domain || lower.endsWith(`.${domain}`))) return network.name;
  }
  return lower;
}
