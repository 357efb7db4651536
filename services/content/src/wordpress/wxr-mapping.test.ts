import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fixtureExport } from '../../test/wordpress-fixture.js';
import { decideItem, decodeWordPressSlug, mapCategories, type ItemDecision, type MappedPost } from './wxr-mapping.js';
import { parseWxr, WxrFormatError, type WxrCategory, type WxrItem } from './wxr-parser.js';

const IMAGES = 'http://images.test';

async function readFixture() {
  const categories: WxrCategory[] = [];
  const items: WxrItem[] = [];
  let site = '';
  const xml = await fixtureExport(IMAGES);
  // Small chunks: items and CDATA cut across chunk boundaries, as in a large file.
  const chunks = Buffer.from(xml).reduce<Buffer[]>((all, _byte, index, buffer) => (index % 97 === 0 ? [...all, buffer.subarray(index, index + 97)] : all), []);
  await parseWxr(Readable.from(chunks), { onSite: (link) => (site = link), onCategory: (c) => categories.push(c), onItem: (item) => void items.push(item) });
  const attachments = new Map(items.filter((item) => item.postType === 'attachment').map((item) => [item.postId, item.attachmentUrl]));
  const mapped = mapCategories(categories);
  const context = { attachments, categorySlugs: new Map(mapped.map((c) => [c.wpSlug, c.slug])), now: new Date('2026-01-01T00:00:00Z') };
  const decisions = new Map<number, ItemDecision>(items.map((item) => [item.postId, decideItem(item, context)]));
  const post = (id: number): MappedPost => {
    const decision = decisions.get(id);
    if (decision?.kind !== 'post') throw new Error(`item ${id} is not a post`);
    return decision.post;
  };
  return { site, categories: mapped, decisions, post };
}

describe('WordPress export mapping', () => {
  it('reads the channel, its categories flattened with the parent named, and every item', async () => {
    const { site, categories, decisions } = await readFixture();
    expect(site).toBe('https://oldblog.example.com');
    expect(categories).toEqual([
      { wpSlug: '市場分析', slug: '市場分析', name: '市場分析', description: '' },
      { wpSlug: '比特幣', slug: '比特幣', name: '比特幣', description: '上層分類：市場分析' },
      { wpSlug: '新手教學', slug: '新手教學', name: '新手教學', description: '給剛入門的讀者' },
    ]);
    expect(decisions.size).toBe(12);
  });

  it('maps statuses: publish with its date, future scheduled, draft without a date; skips pages, menus, trash and unknown types', async () => {
    const { decisions, post } = await readFixture();
    expect(post(11)).toMatchObject({ status: 'published', publishedAt: new Date('2024-05-01T02:00:00Z') });
    expect(post(12)).toMatchObject({ status: 'scheduled', publishedAt: new Date('2030-01-02T01:00:00Z') });
    expect(post(13)).toMatchObject({ status: 'draft', publishedAt: null });
    expect(decisions.get(15)).toEqual({ kind: 'skip', reason: '已移至垃圾桶' });
    expect(decisions.get(20)).toEqual({ kind: 'skip', reason: '頁面（不匯入）' });
    expect(decisions.get(21)).toEqual({ kind: 'skip', reason: '選單項目' });
    expect(decisions.get(22)).toEqual({ kind: 'skip', reason: '不支援的內容類型（product）' });
    expect(decisions.get(101)).toEqual({ kind: 'attachment' });
  });

  it('decodes percent-encoded Chinese slugs and keeps them; a post without one gets its title as slug', async () => {
    const { post } = await readFixture();
    expect(post(11).slug).toBe('比特幣突破新高');
    expect(post(13).slug).toBe('新手入門-什麼是錢包');
    expect(decodeWordPressSlug('%E4%BB%A5%E5%A4%AA%E5%9D%8A-2024')).toBe('以太坊-2024');
    expect(decodeWordPressSlug('bad%zzslug')).toBe('bad-zzslug');
  });

  it('keeps Yoast SEO fields, the excerpt, the first category, the tags and the cover from _thumbnail_id', async () => {
    const { post } = await readFixture();
    expect(post(11)).toMatchObject({
      metaTitle: '比特幣突破新高：機構資金持續湧入 幣圈日報',
      metaDescription: '比特幣創新高的三個原因與後市觀察。',
      excerpt: '機構資金推動比特幣創新高。',
      categorySlug: '比特幣',
      tags: ['ETF', '交易所'],
      coverUrl: `${IMAGES}/wp-content/uploads/2024/05/btc-cover.jpg`,
    });
  });

  it('turns [caption], [gallery] and block comments into HTML, removes other shortcodes with a note, keeps bracketed text', async () => {
    const { post } = await readFixture();
    const { content, problems } = post(11);
    expect(content).not.toContain('<!--');
    expect(content).toContain(`<figure><img class="size-medium wp-image-102" src="${IMAGES}/wp-content/uploads/2024/05/chart-300x200.png" alt="比特幣走勢圖" width="300" height="200" /><figcaption>比特幣近三個月走勢</figcaption></figure>`);
    expect(content).toContain(`<figure><img src="${IMAGES}/wp-content/uploads/2024/05/gallery-1.jpg" alt=""><img src="${IMAGES}/wp-content/uploads/2024/05/gallery-2.jpg" alt=""></figure>`);
    expect(content).not.toContain('contact-form-7');
    expect(content).toContain('[BTC] 價格與 [註1]');
    expect(problems).toEqual(['已移除不支援的短代碼 [contact-form-7]']);
  });

  it('points body images at their full-size originals and reports broken HTML and a missing cover', async () => {
    const { post } = await readFixture();
    expect(post(11).bodyImages.map((image) => image.original)).toEqual([
      `${IMAGES}/wp-content/uploads/2024/05/chart.png`,
      `${IMAGES}/wp-content/uploads/2024/05/gallery-1.jpg`,
      `${IMAGES}/wp-content/uploads/2024/05/gallery-2.jpg`,
    ]);
    expect(post(12).bodyImages).toEqual([{ referenced: `${IMAGES}/wp-content/uploads/2024/05/chart-1024x683.png`, original: `${IMAGES}/wp-content/uploads/2024/05/chart.png` }]);
    expect(post(14).problems).toEqual(['HTML 標籤未正確關閉：<strong>、<div>', '封面圖片（附件 999）不在匯出檔中']);
    expect(post(13).content).toBe('<p>錢包保存的是私鑰，不是幣。</p>\n<p>請務必備份助記詞。</p>');
  });

  it('refuses a file that is not a WordPress export, and broken XML, with a clear error', async () => {
    await expect(parseWxr(Readable.from(['<html><body>hi</body></html>']), {})).rejects.toThrow('這不是 WordPress 匯出檔');
    await expect(parseWxr(Readable.from(['<rss><channel><item><title>x</item></channel></rss>']), {})).rejects.toBeInstanceOf(WxrFormatError);
  });
});
