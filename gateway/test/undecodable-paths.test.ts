import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { TAG_TEXT } from '@coinmag/rules';
import { startPageGateway, type PageGateway } from './support/page-gateway.js';

/** A path with a percent-escape that cannot be decoded: a public page is the 404 page, an admin path stays guarded. */
describe('undecodable paths through the whole gateway', () => {
  let gateway: PageGateway;
  beforeAll(async () => {
    gateway = await startPageGateway({ site_title: '測試幣誌' });
  }, 300_000);
  afterAll(() => gateway?.close());

  it.each([
    ['/tag/%ZZ', TAG_TEXT.unknown],
    ['/tag/a%2Fb', TAG_TEXT.unknown],
    ['/article/%ff', '找不到頁面'],
    ['/category/%E0%A4%A', '找不到頁面'],
    ['/%ZZ', '找不到頁面'],
  ])('answers %s with the public 404 page', async (path, title) => {
    const res = await fetch(gateway.url + path);
    const html = await res.text();
    expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 404, type: 'text/html; charset=utf-8' });
    // The public remote's page in the site's layout, as for a slug that can name nothing (`/article/%22bad%22`).
    expect(html).toContain(`<title>${title} | 測試幣誌</title>`);
    expect(html).toMatch(/<header[^>]*>.*測試幣誌.*<\/header>/s);
    expect(html).not.toContain(API_MESSAGES.notLoggedIn);
    // The not-found page itself (the unknown tag's, for a tag path), not a spinner waiting for data that will never come.
    expect(html).not.toContain('載入內容中');
    const main = /<main[^>]*>(.*)<\/main>/s.exec(html)?.[1] ?? '';
    expect(main).toContain(`>${title}<`);
    expect(main).toContain(title === TAG_TEXT.unknown ? TAG_TEXT.unknownNote : '您要找的頁面不存在或已被移動');
    expect(main).toMatch(/<a [^>]*href="\/"[^>]*>返回首頁<\/a>/);
  });

  it.each(['/api/articles/admin/%ZZ', '/api/articles/%ZZ', '/API/settings/%ff', '/uploads/%ZZ'])('still asks a token for %s, which a service could receive', async (path) => {
    const before = gateway.contentSeen.length;
    const res = await fetch(gateway.url + path);
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { error: API_MESSAGES.notLoggedIn } });
    expect(gateway.contentSeen.slice(before)).toEqual([]);
  });
});
