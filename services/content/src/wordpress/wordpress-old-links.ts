import { SITE_FEED_PATH } from '@coinmag/rules';
import { decodeWordPressSlug } from './wxr-mapping.js';
import type { WordPressImportRepository } from './wordpress-import.repository.js';

const DATED_POST = /^\/\d{4}\/\d{2}(?:\/\d{2})?\/([^/]+)\/?$/;
const TERM = /^\/(category|tag)\/(?:.+\/)?([^/]+)\/$/;
const SINGLE = /^\/([^/]+)\/$/;

/** Our URL of an article, a category and a tag page. */
const articlePath = (slug: string) => `/article/${encodeURIComponent(slug)}`;
const categoryPath = (slug: string) => `/category/${encodeURIComponent(slug)}`;
// The tag pages' rule is not shared in packages/ yet: the tag's name is the path segment.
const tagPath = (name: string) => `/tag/${encodeURIComponent(name)}`;

/**
 * Where an address of the old WordPress site is now (docs/product.md, old links): from the
 * sources and terms imports recorded; undefined when nothing imported answers to it.
 */
export class WordPressOldLinks {
  constructor(private readonly repository: WordPressImportRepository) {}

  async locate(path: string, postId: string | null): Promise<string | undefined> {
    if (path === '/' && postId && /^\d{1,12}$/.test(postId)) {
      const slug = await this.repository.articleSlugByPostId(Number(postId));
      return slug && articlePath(slug);
    }
    if (/^\/feed\/?$/.test(path)) return (await this.repository.anySource()) ? SITE_FEED_PATH : undefined;
    const term = TERM.exec(path);
    if (term) {
      const kind = term[1] as 'category' | 'tag';
      const target = await this.repository.termTarget(kind, decodeWordPressSlug(term[2]!));
      return target && (kind === 'category' ? categoryPath(target) : tagPath(target));
    }
    const slugText = DATED_POST.exec(path)?.[1] ?? SINGLE.exec(path)?.[1];
    if (!slugText) return undefined;
    const wpSlug = decodeWordPressSlug(slugText);
    if (!wpSlug) return undefined;
    const slug = await this.repository.articleSlugByWordPressSlug(wpSlug);
    return slug && articlePath(slug);
  }
}
