import { describe, expect, it } from 'vitest';
import { beaconBucket, bucketField, parseBucketField } from './view-buckets.js';
import { checkedReferrerHost, deviceClass, viewSource } from './view-source.js';

describe('the referring host a beacon carries', () => {
  it('keeps a hostname, lower-cased, punycode as it is', () => {
    expect(checkedReferrerHost('www.Google.com.TW')).toBe('www.google.com.tw');
    expect(checkedReferrerHost('xn--fiqs8s.xn--kpry57d')).toBe('xn--fiqs8s.xn--kpry57d');
    expect(checkedReferrerHost('t.co.')).toBe('t.co');
    expect(checkedReferrerHost(`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`)).toHaveLength(253);
  });

  it('takes anything else as no host: a URL, a path, a port, a query, spaces, non-ASCII, too long, not text', () => {
    for (const garbage of ['https://t.co/abc', 't.co/abc', 'example.com:8080', 'a.com?q=1', 'a b.com', '臉書.com', '-a.com', 'a-.com', 'a..com', '', `${'a'.repeat(64)}.com`, `${'a.'.repeat(127)}com`, ['t.co'], 42, undefined]) {
      expect(checkedReferrerHost(garbage)).toBe('');
    }
  });
});

describe('the source of a view', () => {
  it('knows the search engines, by country too', () => {
    for (const host of ['www.google.com', 'www.google.com.tw', 'google.co.jp', 'www.bing.com', 'tw.search.yahoo.com', 'duckduckgo.com', 'www.baidu.com', 'yandex.ru', 'search.naver.com', 'search.brave.com']) {
      expect(viewSource(host)).toEqual({ kind: 'search', host });
    }
  });

  it('knows the social networks and messengers', () => {
    for (const host of ['line.me', 'lin.ee', 'www.facebook.com', 'm.facebook.com', 'l.facebook.com', 'fb.com', 't.co', 'x.com', 'twitter.com', 't.me', 'www.threads.net', 'l.instagram.com', 'www.reddit.com', 'www.ptt.cc', 'www.dcard.tw', 'm.youtube.com', 'youtu.be']) {
      expect(viewSource(host)).toEqual({ kind: 'social', host });
    }
  });

  it('takes any other site by its host, no host or this site\'s own as direct', () => {
    expect(viewSource('news.example.com')).toEqual({ kind: 'site', host: 'news.example.com' });
    // Not fooled by a name that only ends like one.
    expect(viewSource('notgoogle.com')).toEqual({ kind: 'site', host: 'notgoogle.com' });
    expect(viewSource('fakefacebook.com')).toEqual({ kind: 'site', host: 'fakefacebook.com' });
    expect(viewSource('')).toEqual({ kind: 'direct', host: '' });
    expect(viewSource('coinmag.tw', 'CoinMag.tw')).toEqual({ kind: 'direct', host: '' });
  });
});

describe('the device class from the user agent', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 Line/13.20.0', 'phone'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', 'desktop'],
    ['', 'desktop'],
  ])('%s → %s', (userAgent, device) => {
    expect(deviceClass(userAgent)).toBe(device);
  });
});

describe('a view\'s bucket field', () => {
  it('names the hour, the article, the source and the device, and reads back', () => {
    const now = Date.UTC(2026, 10, 27, 5, 59, 59);
    const field = bucketField(12, now, 'social', 'phone', 't.me');
    expect(field).toBe(`b|${Math.floor(now / 3_600_000)}|12|social|phone|t.me`);
    expect(parseBucketField(field)).toEqual({ hour: Math.floor(now / 3_600_000), articleId: 12, kind: 'social', device: 'phone', host: 't.me' });
    expect(beaconBucket(12, now, { userAgent: 'Mozilla/5.0 (iPad)' })).toBe(`b|${Math.floor(now / 3_600_000)}|12|direct|tablet|`);
  });

  it('refuses a field that is not one: an article id, an unknown kind or device, a direct view with a host, a host that is no hostname', () => {
    for (const field of ['12', 'b|1|12|rss|phone|', 'b|1|12|direct|watch|', 'b|1|12|direct|phone|t.me', 'b|1|12|site|phone|', 'b|1|0|site|phone|a.com', 'b|1|12|site|phone|a_b.com', 'b|x|12|direct|phone|']) {
      expect(parseBucketField(field)).toBeUndefined();
    }
  });
});
