import { describe, expect, it } from 'vitest';
import { articleEvent, type ArticleState } from './article-events.js';

const now = new Date('2026-11-25T06:00:00Z');
const article = (status: string, published_at: Date | null = new Date('2026-11-25T05:00:00Z')): ArticleState => ({ id: 1, slug: 'a', title: 'A', status, published_at });

describe('articleEvent', () => {
  it('tells of what readers see change, and nothing else', () => {
    expect(articleEvent(undefined, article('published'), now)).toBe('article.published');
    expect(articleEvent(article('draft'), article('published'), now)).toBe('article.published');
    expect(articleEvent(article('scheduled'), article('published'), now)).toBe('article.published');
    expect(articleEvent(article('published'), article('published'), now)).toBe('article.updated');
    expect(articleEvent(article('published'), article('draft'), now)).toBe('article.unpublished');
    expect(articleEvent(article('published'), undefined, now)).toBe('article.deleted');
    expect(articleEvent(article('draft'), undefined, now)).toBeUndefined();
    expect(articleEvent(article('draft'), article('draft'), now)).toBeUndefined();
    expect(articleEvent(undefined, article('scheduled', new Date('2026-11-26T00:00:00Z')), now)).toBeUndefined();
    // Published with a time still to come is not public yet.
    expect(articleEvent(undefined, article('published', new Date('2026-11-26T00:00:00Z')), now)).toBeUndefined();
  });
});
