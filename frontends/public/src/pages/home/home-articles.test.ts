import { describe, expect, it } from 'vitest';
import type { ArticleSummary } from '@coinmag/contracts';
import { cardExcerpt } from '@coinmag/rules';
import { cardArticle, popularArticle, slideArticle } from './home-articles';

const summary = (excerpt: string): ArticleSummary => ({
  id: 7,
  title: '比特幣是什麼',
  slug: 'what-is-bitcoin',
  excerpt,
  content_text: '比特幣是一種去中心化的數位貨幣，'.repeat(20),
  category_id: 1,
  category_name: '新手入門',
  category_slug: 'beginner',
  is_featured: true,
  is_popular: false,
  is_carousel: true,
  carousel_order: 1,
  featured_image: '/uploads/demo.jpg',
  featured_image_alt: '比特幣',
  view_count: 1234,
  tags: '比特幣,入門',
  published_at: '2026-11-01T02:00:00.000Z',
  updated_at: '2026-11-02T02:00:00.000Z',
});

describe('home page articles', () => {
  it('keep only what each part shows', () => {
    expect(Object.keys(slideArticle(summary('')))).toEqual(['id', 'slug', 'title', 'featured_image', 'featured_image_alt', 'category_name']);
    expect(popularArticle(summary(''))).toEqual({ id: 7, slug: 'what-is-bitcoin', title: '比特幣是什麼', view_count: 1234 });
  });

  it('drop the body text of a card whose excerpt is shown, and the card reads the same', () => {
    for (const excerpt of ['<p>一段摘要</p>', '   ', '']) {
      const full = summary(excerpt);
      const card = cardArticle(full);
      expect(card.content_text).toBe(excerpt.trim() ? '' : full.content_text);
      for (const max of [100, 200]) expect(cardExcerpt(card.excerpt, card.content_text, max)).toBe(cardExcerpt(full.excerpt, full.content_text, max));
    }
  });
});
