import { describe, expect, it } from 'vitest';
import { SOCIAL_NETWORKS, socialNetworkName, viewSource } from './view-source.js';

describe('socialNetworkName', () => {
  it('names a network by its domains and the hosts below them', () => {
    expect(['line.me', 'lin.ee', 'liff.line.me'].map(socialNetworkName)).toEqual(['LINE', 'LINE', 'LINE']);
    expect(['l.facebook.com', 'm.facebook.com', 'fb.com'].map(socialNetworkName)).toEqual(['Facebook', 'Facebook', 'Facebook']);
    expect(['t.co', 'x.com', 'twitter.com', 't.me'].map(socialNetworkName)).toEqual(['X', 'X', 'X', 'Telegram']);
  });

  it('never takes a look-alike host for a network, and shows an unknown one by its host', () => {
    expect(socialNetworkName('evil-line.me')).toBe('evil-line.me');
    expect(socialNetworkName('facebook.com.example')).toBe('facebook.com.example');
    expect(socialNetworkName('Mastodon.Social')).toBe('mastodon.social');
  });
});

describe('the dashboard\'s networks and the beacon\'s classification', () => {
  it('come from one list: every domain a network is named by is counted as social, and every social domain is named by its network or its host', () => {
    let domains = 0;
    for (const { name, domains: own } of SOCIAL_NETWORKS) {
      for (const domain of own) {
        domains += 1;
        expect(viewSource(domain)).toEqual({ kind: 'social', host: domain });
        expect(viewSource(`m.${domain}`).kind).toBe('social');
        expect(socialNetworkName(domain)).toBe(name ?? domain);
        expect(socialNetworkName(`m.${domain}`)).toBe(name ?? `m.${domain}`);
      }
    }
    expect(domains).toBeGreaterThan(30);
  });

  it('names no host the beacon does not count as social', () => {
    for (const host of ['www.google.com', 'news.example.com', 'notfacebook.com']) {
      expect(viewSource(host).kind).not.toBe('social');
      expect(socialNetworkName(host)).toBe(host);
    }
  });
});
