import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageGateway, type PageGateway } from './support/page-gateway.js';

const TOKEN = 'Pv0123456789abcdefghijklmnopqrstuvwxyzABCDE';
const ARTICLE = {
  id: 1, slug: 'btc-101', title: '比特幣入門', meta_title: '', meta_description: '', excerpt: '摘要', content: '<p>尚未公開的內文</p>', content_text: '尚未公開的內文', toc: [],
  tags: '比特幣', view_count: 0, is_featured: false, featured_image: null, featured_image_alt: '', category_name: '新手入門', category_slug: 'beginner',
  published_at: '2024-03-05T01:00:00.000Z', updated_at: '2024-03-06T01:00:00.000Z',
};
/** Ad code in every slot the settings have: plain markup (written by the server) and markup with a script (injected in the browser). */
const ADS = {
  google_adsense_id: 'ca-pub-1234567890123456',
  header_ad_script: '<a href="https://ads.example/h" rel="sponsored"><img src="https://ads.example/header.png" alt="頁首廣告" width="728" height="90"></a>',
  sidebar_ad_script: '<div id="sidebar-ad">側欄廣告</div><script src="https://ads.example/sidebar.js"></script>',
  footer_ad_script: '<div id="footer-ad">頁尾廣告</div><script>fetch("https://ads.example/collect?u=" + location.href)</script>',
};
const AD_MARKS = ['ads.example', 'ca-pub-1234567890123456', 'sidebar-ad', 'footer-ad', '頁首廣告'];

/** A preview link's page carries none of the site's ad code: an ad script would read the token in its address. */
describe('preview pages through the whole gateway', () => {
  let gateway: PageGateway;
  beforeAll(async () => {
    gateway = await startPageGateway({ site_title: '測試幣誌', ...ADS }, {
      [`/api/preview/${TOKEN}`]: { state: 'preview', article: ARTICLE, expires_at: '2030-01-01T00:00:00.000Z' },
      '/api/articles/btc-101': ARTICLE,
    });
  }, 300_000);
  afterAll(() => gateway?.close());

  it('renders a public article with the configured ad code (what the preview must leave out)', async () => {
    const html = await (await fetch(`${gateway.url}/article/btc-101`)).text();
    for (const mark of AD_MARKS) expect(html, mark).toContain(mark);
  });

  it('renders the preview without any ad code or ad setting, and lets its address go nowhere', async () => {
    const res = await fetch(`${gateway.url}/preview/${TOKEN}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('尚未公開的內文');
    for (const mark of AD_MARKS) expect(html, mark).not.toContain(mark);
    expect(html).not.toContain('data-ad-slot');
    // The settings the page carries for its scripts (the shell's and the boot data) have every ad field empty.
    const inline = JSON.parse(/<script id="coinmag-settings" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
    const boot = JSON.parse(/<script id="coinmag-boot" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!).settings;
    for (const settings of [inline, boot]) {
      expect(settings).toMatchObject({ site_title: '測試幣誌', google_adsense_id: '', header_ad_script: '', sidebar_ad_script: '', footer_ad_script: '' });
    }
    // Every script the page loads is the site's own; the address with the token is sent to no page it links to.
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.filter((src) => !src.startsWith('/mf/'))).toEqual([]);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});
