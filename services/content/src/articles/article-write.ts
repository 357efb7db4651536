import { prepareArticleContent } from './article-html.js';
import type { ArticleColumns, ArticleWrite } from './articles.repository.js';
import { normalizeForSearch, searchGrams } from './search-grams.js';

/** An article as the admin (or the seed) gives it: the columns, the raw body and the tags. */
export interface ArticleFields extends Omit<ArticleColumns, 'status'> {
  status: 'draft' | 'published' | 'scheduled';
  content: string;
  tags: string[];
}

/**
 * What is stored for an article: sanitised body with heading ids, its TOC, text and search grams.
 * Costs up to seconds of CPU for a 2 MB body and runs on the calling thread: requests go through
 * ArticleBodyPool (worker threads, time limit); only trusted content (the demo seed, tests)
 * calls this directly.
 */
export function buildArticleWrite(fields: ArticleFields): ArticleWrite {
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
    title_text: normalizeForSearch(fields.title),
    title_grams: searchGrams(fields.title),
  };
}
