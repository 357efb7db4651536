import { prepareArticleContent } from './article-html.js';
import type { ArticleWrite } from './articles.repository.js';
import { normalizeForSearch, searchGrams } from './search-grams.js';

export interface ArticleFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  category_id: number | null;
  status: 'draft' | 'published' | 'scheduled';
  is_featured: boolean;
  is_popular: boolean;
  is_carousel: boolean;
  carousel_order: number | null;
  meta_title: string;
  meta_description: string;
  featured_image: string | null;
  tags: string[];
  published_at: Date | null;
}

/** What is stored for an article: sanitised body with heading ids, its TOC, text and search grams. */
export function toArticleWrite(fields: ArticleFields): ArticleWrite {
  const { tags, ...rest } = fields;
  const prepared = prepareArticleContent(fields.content);
  const searchable = [fields.title, fields.excerpt, prepared.text, tags.join(' ')].join('\n');
  return {
    ...rest,
    content: prepared.html,
    content_text: prepared.text,
    toc: prepared.toc,
    search_text: normalizeForSearch(searchable),
    search_grams: searchGrams(searchable),
  };
}
