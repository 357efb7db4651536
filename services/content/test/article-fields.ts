import type { ArticleFields } from '../src/articles/article-write.js';

/** The fields of a plain published article, as the admin form sends them; tests override what they test. */
export function articleFields(overrides: Partial<ArticleFields> & Pick<ArticleFields, 'title' | 'slug'>): ArticleFields {
  return {
    content: '<p>內文</p>',
    excerpt: '',
    category_id: null,
    status: 'published',
    is_featured: false,
    is_popular: false,
    is_carousel: false,
    carousel_order: null,
    meta_title: '',
    meta_description: '',
    featured_image: null,
    tags: [],
    published_at: new Date(),
    ...overrides,
  };
}
