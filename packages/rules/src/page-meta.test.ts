import { describe, expect, it } from 'vitest';
import { absoluteUrl, articleDescription, buildPageHead, keywordsFromTags, renderPageHead } from './page-meta.js';

const origin = 'https://coin.example';

describe('articleDescription', () => {
  it('prefers meta_description, then the excerpt without tags', () => {
    expect(articleDescription({ meta_description: ' SEO 描述 ', excerpt: '摘要' }, '預設')).toBe('SEO 描述');
    expect(articleDescription({ meta_description: '', excerpt: '<p>摘要 &amp; 重點</p>' }, '預設')).toBe('摘要 & 重點');
  });
  it('falls back to the first 160 characters of the content, then the default', () => {
    const long = '比'.repeat(200);
    expect(articleDescription({ excerpt: '', content: `<h2>${long}</h2>` }, '預設')).toBe('比'.repeat(160));
    expect(articleDescription({ excerpt: '', content: '' }, '預設')).toBe('預設');
  });
  it('takes the stored plain text before the served body, whose glossary links carry their definitions', () => {
    const content = '<p><span class="gl"><a class="gl-term" href="/glossary/cold-wallet">冷錢包</a><span class="gl-tip" role="tooltip">離線保存私鑰的錢包。</span></span>很安全</p>';
    expect(articleDescription({ excerpt: '', content, content_text: '冷錢包很安全' }, '預設')).toBe('冷錢包很安全');
  });
});

describe('keywordsFromTags', () => {
  it('splits, trims and drops empty and repeated tags', () => {
    expect(keywordsFromTags(' 比特幣, ETF,,比特幣 ,')).toEqual(['比特幣', 'ETF']);
    expect(keywordsFromTags(null)).toEqual([]);
  });
});

describe('absoluteUrl', () => {
  it('keeps absolute URLs and prefixes site paths and bare names', () => {
    expect(absoluteUrl(origin, 'https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(absoluteUrl(origin, '/uploads/a.jpg')).toBe('https://coin.example/uploads/a.jpg');
    expect(absoluteUrl(origin, 'a.jpg')).toBe('https://coin.example/uploads/a.jpg');
  });
});

describe('buildPageHead', () => {
  it('describes an article with Open Graph, Twitter, times and JSON-LD', () => {
    const head = buildPageHead({
      origin, siteTitle: '幣誌', title: '比特幣入門', description: '說明', path: '/article/btc', image: '/uploads/c.jpg', type: 'article',
      publishedTime: '2024-03-05T01:00:00.000Z', keywords: ['比特幣'], articleSection: '新手教學',
      breadcrumbs: [{ name: '首頁', path: '/' }, { name: '新手教學', path: '/category/guide' }, { name: '比特幣入門', path: '/article/btc' }],
    });
    expect(head.title).toBe('比特幣入門 | 幣誌');
    const find = (key: string) => head.tags.find((t) => t.attrs.property === key || t.attrs.name === key || t.attrs.rel === key);
    expect(find('canonical')?.attrs.href).toBe('https://coin.example/article/btc');
    expect(find('og:image')?.attrs.content).toBe('https://coin.example/uploads/c.jpg');
    expect(find('og:image:width')?.attrs.content).toBe('1200');
    expect(find('og:image:height')?.attrs.content).toBe('630');
    expect(find('twitter:card')?.attrs.content).toBe('summary_large_image');
    expect(find('article:published_time')?.attrs.content).toBe('2024-03-05T01:00:00.000Z');
    const schemas = head.tags.filter((t) => t.tag === 'script').map((t) => JSON.parse(t.text ?? '') as { '@type': string });
    expect(schemas.map((s) => s['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
  });
  it('gives JSON-LD the cover in 16:9, 4:3 and 1:1 and its times in Taipei time with the zone', () => {
    const head = buildPageHead({
      origin, siteTitle: '幣誌', title: '比特幣入門', description: '說明', path: '/article/btc', image: '/uploads/c.jpg', type: 'article',
      structuredImages: ['/uploads/c-a16x9.webp', '/uploads/c-a4x3.webp', 'https://cdn.example/c-a1x1.webp'],
      publishedTime: '2024-03-05T01:00:00.000Z', modifiedTime: '2024-03-05T17:30:00.000Z',
    });
    const article = head.tags.filter((t) => t.tag === 'script').map((t) => JSON.parse(t.text ?? '') as Record<string, unknown>)[0]!;
    expect(article.image).toEqual(['https://coin.example/uploads/c-a16x9.webp', 'https://coin.example/uploads/c-a4x3.webp', 'https://cdn.example/c-a1x1.webp']);
    expect(article.datePublished).toBe('2024-03-05T09:00:00+08:00');
    expect(article.dateModified).toBe('2024-03-06T01:30:00+08:00');
    // Without crops (an external cover, a social card): the one image.
    const plain = buildPageHead({ origin, siteTitle: '幣誌', title: 't', description: 'd', path: '/article/x', image: '/cards/article/x.png?v=1', type: 'article' });
    expect((JSON.parse(plain.tags.find((t) => t.tag === 'script')!.text!) as { image: string[] }).image).toEqual(['https://coin.example/cards/article/x.png?v=1']);
  });
  it('renders escaped HTML whose script text cannot close the element', () => {
    const html = renderPageHead(buildPageHead({ origin, siteTitle: 'A"B', title: '</script><b>', description: 'x', path: '/', type: 'article' }));
    expect(html).toContain('<title>&lt;/script&gt;&lt;b&gt; | A&quot;B</title>');
    expect(html).not.toContain('</script><b>');
  });
});

describe('learning paths in JSON-LD', () => {
  it('writes a path as a Course with its lessons as an ordered ItemList', () => {
    const head = buildPageHead({
      origin: 'https://coin.example', siteTitle: '幣圈新手誌', title: '錢包與安全', description: '保管好自己的幣', path: '/learn/wallet',
      itemList: { name: '錢包與安全', course: true, items: [{ name: '冷錢包怎麼選', path: '/article/a' }, { name: '助記詞備份', path: '/article/b' }] },
    });
    const schemas = head.tags.filter((tag) => tag.tag === 'script').map((tag) => JSON.parse(tag.text!));
    expect(schemas.find((schema) => schema['@type'] === 'Course')).toMatchObject({ name: '錢包與安全', description: '保管好自己的幣', url: 'https://coin.example/learn/wallet', provider: { name: '幣圈新手誌' } });
    expect(schemas.find((schema) => schema['@type'] === 'ItemList').itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: '冷錢包怎麼選', url: 'https://coin.example/article/a' },
      { '@type': 'ListItem', position: 2, name: '助記詞備份', url: 'https://coin.example/article/b' },
    ]);
  });
});
