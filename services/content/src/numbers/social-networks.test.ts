import { describe, expect, it } from 'vitest';
import { socialNetworkName } from './social-networks.js';

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
