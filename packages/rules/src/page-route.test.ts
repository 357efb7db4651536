import { describe, expect, it } from 'vitest';
import { namesNothing, pageRoute } from './page-route.js';

describe('pageRoute', () => {
  it('names each public page, with its slug decoded', () => {
    expect(pageRoute('/')).toEqual({ page: 'home' });
    expect(pageRoute('/article/%E6%AF%94%E7%89%B9%E5%B9%A3')).toEqual({ page: 'article', slug: '比特幣' });
    expect(pageRoute('/article/btc/')).toEqual({ page: 'article', slug: 'btc' });
    expect(pageRoute('/category/news')).toEqual({ page: 'category', slug: 'news' });
    expect(pageRoute('/articles/')).toEqual({ page: 'articles' });
    expect(pageRoute('/search')).toEqual({ page: 'search' });
    expect(pageRoute('/article/a/b')).toEqual({ page: 'unknown' });
    expect(pageRoute('/tag/%EF%BC%A2%EF%BC%B4%EF%BC%A3/')).toEqual({ page: 'tag', tag: 'btc' });
    expect(pageRoute('/tag/a%2Fb')).toEqual({ page: 'tag', tag: null });
    expect(pageRoute('/preview/abc_-9')).toEqual({ page: 'preview', token: 'abc_-9' });
    expect(pageRoute('/preview/a%20b')).toEqual({ page: 'unknown' });
    expect(pageRoute('/glossary')).toEqual({ page: 'glossary' });
    expect(pageRoute('/glossary/cold-wallet/')).toEqual({ page: 'glossary-term', slug: 'cold-wallet' });
    expect(pageRoute('/glossary/%E5%86%B7%E9%8C%A2%E5%8C%85')).toEqual({ page: 'glossary-term', slug: '冷錢包' });
    expect(pageRoute('/glossary/a%22b')).toEqual({ page: 'glossary-term', slug: null });
    expect(pageRoute('/coins')).toEqual({ page: 'coins' });
    expect(pageRoute('/coin/btc')).toEqual({ page: 'coin', symbol: 'btc' });
    expect(pageRoute('/coin/%3Cb%3E')).toEqual({ page: 'coin', symbol: null });
    expect(namesNothing(pageRoute('/coin/BTC!'))).toBe('page');
  });

  it('gives no slug for a segment that cannot name anything', () => {
    expect(pageRoute('/article/%E0%A4%A')).toEqual({ page: 'article', slug: null });
    expect(pageRoute('/category/a%22b')).toEqual({ page: 'category', slug: null });
    expect(pageRoute('/article/a%2Fb')).toEqual({ page: 'article', slug: null });
  });
});
