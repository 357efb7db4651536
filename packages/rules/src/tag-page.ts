import type { PageMetaInput } from './page-meta.js';
import { tagKey } from './tag.js';

/** docs/product.md §3 Tag pages: the wording of a tag page's heading and states. */
export const TAG_TEXT = {
  title: (name: string) => `#${name}`,
  metaTitle: (name: string) => `標籤：${name}`,
  count: (count: number) => `共 ${count.toLocaleString('en-US')} 篇文章`,
  /** A tag only 快訊 items carry counts its items instead. */
  flashCount: (count: number) => `共 ${count.toLocaleString('en-US')} 則快訊`,
  unknown: '標籤不存在',
  unknownNote: '這個標籤目前沒有公開的文章',
} as const;

/** The count under a tag's heading: its articles, or its 快訊 items when no article carries it. */
export const tagCountText = (tag: { article_count: number; flash_count: number }) =>
  tag.article_count === 0 && tag.flash_count > 0 ? TAG_TEXT.flashCount(tag.flash_count) : TAG_TEXT.count(tag.article_count);

/** The tag page of a tag (any spelling of it): `/tag/{key}`. */
export const tagPagePath = (name: string) => `/tag/${encodeURIComponent(tagKey(name))}`;

/**
 * The head of a tag's page, written by the gateway and again by the page after navigation, so both
 * say the same: its title, count, breadcrumbs and feed; a page showing neither articles nor 快訊 is not indexed.
 */
export function tagPageMeta(tag: { key: string; name: string; article_count: number; flash_count: number }, page: number, hasArticles: boolean): Omit<PageMetaInput, 'origin' | 'siteTitle'> {
  const path = tagPagePath(tag.key);
  return {
    title: page > 1 ? `${TAG_TEXT.metaTitle(tag.name)}（第 ${page} 頁）` : TAG_TEXT.metaTitle(tag.name),
    description: `${TAG_TEXT.metaTitle(tag.name)}，${tagCountText(tag)}`,
    path: page > 1 ? `${path}?page=${page}` : path,
    breadcrumbs: [{ name: '首頁', path: '/' }, { name: TAG_TEXT.title(tag.name), path }],
    // The feed lists articles: a tag only 快訊 items carry has none to link.
    ...(tag.article_count > 0 ? { feed: { title: TAG_TEXT.title(tag.name), path: `${path}/rss.xml` } } : {}),
    ...(hasArticles ? {} : { noIndex: true }),
  };
}
