import type { ArticleList, ArticleSummary } from '@coinmag/contracts';
import { MORE_ARTICLES } from './more-articles';

/** Where an article stands in the list. */
type Placed = Pick<ArticleSummary, 'id' | 'published_at'>;

/** The 'more articles' shown, and where reading goes on. */
export interface MoreArticlesPage<A extends Placed = ArticleSummary> {
  articles: A[];
  /** Position in the public list (GET /api/articles, newest first) to read on from; null: every one is shown. */
  next: number | null;
}

/** One page of GET /api/articles (page and limit are all the list takes). */
export interface ListWindow {
  page: number;
  limit: number;
}

export type FetchList = (window: ListWindow) => Promise<ArticleList>;

export interface ReadOn {
  /** Position in the public list to read on from (the `next` of what is shown). */
  from: number;
  /** The last more-article shown (null before the first): only what the list puts after it is new. */
  after: Placed | null;
  /** Ids never to show: the latest articles on the page and the more-articles already shown. */
  seen: ReadonlySet<number>;
}

/** Requests one press makes at most (a step back after articles were taken down is one more). */
const MAX_REQUESTS = 12;

/** Whether the list (newest first: publication time, then id) puts `a` after `b`. */
export function comesAfter(a: Placed, b: Placed): boolean {
  const at = a.published_at ?? '';
  const bt = b.published_at ?? '';
  return at === bt ? a.id < b.id : at < bt;
}

/** The list page holding positions start … start + count - 1: the smallest limit whose page is not cut inside the range. */
export function listWindow(start: number, count: number): ListWindow {
  for (let limit = Math.max(1, count); ; limit += 1) {
    const first = Math.floor(start / limit) * limit;
    if (first + limit >= start + count) return { page: first / limit + 1, limit };
  }
}

/**
 * The next `want` more-articles, read from the public list from `from` on. Only its first
 * MORE_ARTICLES.fetchLimit positions hold more-articles (docs/product.md §7 reads it with limit 100).
 * Articles published in the meantime push the list down: what comes again is seen, and left
 * out. Articles taken down pull it up: each read starts one before `from`, where the last
 * article shown should be; when what is there already comes after it, reading steps back.
 */
export async function readMore({ from, after, seen }: ReadOn, want: number, fetchList: FetchList): Promise<MoreArticlesPage> {
  const taken: ArticleSummary[] = [];
  const skip = new Set(seen);
  let last: Placed | null = after;
  let position = from;
  let end: number = MORE_ARTICLES.fetchLimit;
  for (let requests = 0; taken.length < want && position < end && requests < MAX_REQUESTS; requests += 1) {
    const start = last && position > 0 ? position - 1 : position;
    // Seen articles not yet passed (on the first read, the latest ones at the top) are read past too.
    const ahead = Math.max(0, skip.size - taken.length - position);
    const count = Math.min(end - start, position - start + want - taken.length + ahead);
    const window = listWindow(start, count);
    const { articles, pagination } = await fetchList(window);
    end = Math.min(end, pagination.total);
    const offset = start - (window.page - 1) * window.limit;
    const rows = articles.slice(offset, offset + count);
    if (rows.length === 0) {
      end = Math.min(end, start);
      break;
    }
    if (last && start < position && comesAfter(rows[0]!, last)) {
      position = Math.max(0, start - want);
      continue;
    }
    for (const [index, article] of rows.entries()) {
      if (taken.length === want || start + index >= end) break;
      position = start + index + 1;
      if (skip.has(article.id) || (last && !comesAfter(article, last))) continue;
      taken.push(article);
      skip.add(article.id);
      last = article;
    }
  }
  return { articles: taken, next: position < end ? position : null };
}
