import { describe, expect, it } from 'vitest';
import type { AdminArticle } from '@coinmag/contracts';
import { EMPTY_ARTICLE, buildArticleFormData, hasContent, statusOf, toTaipeiDateTimeLocal, validateArticle, valuesFromArticle } from './article-form';

const filled = { ...EMPTY_ARTICLE, title: ' 比特幣 ', content: '<p>內文 <img src="http://localhost:8080/uploads/a.jpg"></p>' };

describe('article form', () => {
  it('requires a title and content, an empty editor counting as no content', () => {
    expect(validateArticle(EMPTY_ARTICLE)).toEqual({ title: '請輸入標題', content: '請輸入內容' });
    expect(validateArticle({ ...EMPTY_ARTICLE, title: 'x', content: '<p></p>' })).toEqual({ content: '請輸入內容' });
    expect(hasContent('<p><img src="/a.jpg"></p>')).toBe(true);
    expect(validateArticle(filled)).toEqual({});
  });

  it('shows unknown statuses as draft', () => {
    expect(statusOf('published')).toBe('published');
    expect(statusOf('archived')).toBe('draft');
    expect(statusOf(null)).toBe('draft');
  });

  it('shows the publish time on Taipei clock for the datetime-local field', () => {
    expect(toTaipeiDateTimeLocal('2024-03-05T16:30:00.000Z')).toBe('2024-03-06T00:30');
    expect(toTaipeiDateTimeLocal(null)).toBe('');
  });

  it('builds the multipart body of docs/product.md §7', () => {
    const form = buildArticleFormData(
      { ...filled, slug: ' My Post ', recommendation: 'popular', isCarousel: true, carouselOrder: 14, tags: [' a ', '', 'b'], publishedAt: '2024-03-05T08:00' },
      { kind: 'existing', url: '/uploads/cover.jpg' },
    );
    expect(form.get('title')).toBe('比特幣');
    expect(form.get('content')).toBe('<p>內文 <img src="/uploads/a.jpg"></p>');
    expect(form.get('is_featured')).toBe('false');
    expect(form.get('is_popular')).toBe('true');
    expect(form.get('is_carousel')).toBe('true');
    expect(form.get('carousel_order')).toBe('10');
    expect(form.get('slug')).toBe('my-post');
    expect(form.get('tags')).toBe('["a","b"]');
    expect(form.get('published_at')).toBe('2024-03-05T08:00');
    expect(form.get('keep_existing_featured_image')).toBe('/uploads/cover.jpg');
    expect(form.has('featured_image')).toBe(false);
  });

  it('sends no slug when empty and neither cover field when the cover was removed', () => {
    const form = buildArticleFormData(filled, { kind: 'none' });
    expect(form.has('slug')).toBe(false);
    expect(form.has('featured_image')).toBe(false);
    expect(form.has('keep_existing_featured_image')).toBe(false);
    expect(form.get('carousel_order')).toBe('');
  });

  it('sends a newly picked cover as the featured_image file', () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });
    const form = buildArticleFormData(filled, { kind: 'new', file, previewUrl: 'data:image/png;base64,AA==' });
    expect((form.get('featured_image') as File).name).toBe('cover.png');
    expect(form.has('keep_existing_featured_image')).toBe(false);
  });

  it('loads an article into the form', () => {
    const article = {
      id: 1, title: 't', slug: 's', content: '<p>c</p>', excerpt: '', content_text: 'c', category_id: 3, category_name: 'n', category_slug: 'n',
      is_featured: false, is_popular: true, is_carousel: true, carousel_order: 2, featured_image: null, view_count: 0, tags: ['x'],
      published_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z', created_at: '2024-01-01T00:00:00.000Z',
      status: 'scheduled', meta_title: 'm', meta_description: 'd', version: 3, featured_image_alt: '封面說明',
    } satisfies AdminArticle;
    expect(valuesFromArticle(article)).toMatchObject({ categoryId: '3', recommendation: 'popular', isCarousel: true, carouselOrder: 2, status: 'scheduled', publishedAt: '2024-01-01T08:00', tags: ['x'], coverAlt: '封面說明' });
  });
});
