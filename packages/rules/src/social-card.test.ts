import { describe, expect, it } from 'vitest';
import { articleSocialImage, shortHash, slugOfSocialCardPath, socialCardPath, socialCardVersion } from './social-card.js';

const text = { title: '比特幣突破新高', category: '市場分析', siteTitle: '幣誌' };

describe('social card', () => {
  it('versions a card by everything drawn on it', () => {
    const version = socialCardVersion(text);
    expect(version).toMatch(/^[0-9a-f]{8}$/);
    expect(socialCardVersion({ ...text })).toBe(version);
    expect(socialCardVersion({ ...text, title: '比特幣突破新高！' })).not.toBe(version);
    expect(socialCardVersion({ ...text, category: '新手教學' })).not.toBe(version);
    expect(socialCardVersion({ ...text, category: null })).not.toBe(version);
    expect(socialCardVersion({ ...text, siteTitle: '另一個站' })).not.toBe(version);
    expect(shortHash('')).toBe('811c9dc5');
  });

  it('names the article in its path, and reads the slug back', () => {
    const path = socialCardPath('比特幣突破新高', text);
    expect(path).toBe(`/cards/article/${encodeURIComponent('比特幣突破新高')}.png?v=${socialCardVersion(text)}`);
    expect(slugOfSocialCardPath(path.split('?')[0]!)).toBe('比特幣突破新高');
    expect(slugOfSocialCardPath('/cards/article/%E0%A4%A.png')).toBeNull();
    expect(slugOfSocialCardPath('/cards/other/x.png')).toBeNull();
  });

  it('prefers the cover', () => {
    const article = { slug: 'btc', title: text.title, category_name: text.category, featured_image: '/uploads/cover.jpg' };
    expect(articleSocialImage(article, '幣誌')).toBe('/uploads/cover.jpg');
    expect(articleSocialImage({ ...article, featured_image: null }, '幣誌')).toBe(socialCardPath('btc', text));
  });
});
