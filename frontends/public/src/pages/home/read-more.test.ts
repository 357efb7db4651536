import { describe, expect, it } from 'vitest';
import type { ArticleList, ArticleSummary } from '@coinmag/contracts';
import { listWindow, readMore, type ListWindow, type MoreArticlesPage } from './read-more';

/** Article n was published n minutes after the first; the list shows the newest first. */
const article = (id: number, minute = id) => ({ id, published_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString() }) as ArticleSummary;

/** The public list over articles that can be published or taken down between reads; counts its requests. */
function publicList(ids: number[]) {
  let articles = ids.map((id) => article(id)).sort((a, b) => b.id - a.id);
  const requests: ListWindow[] = [];
  return {
    requests,
    publish: (...added: ArticleSummary[]) => {
      articles = [...added, ...articles].sort((a, b) => (a.published_at! < b.published_at! ? 1 : a.published_at! > b.published_at! ? -1 : b.id - a.id));
    },
    takeDown: (...gone: number[]) => {
      articles = articles.filter((a) => !gone.includes(a.id));
    },
    fetchList: async ({ page, limit }: ListWindow): Promise<ArticleList> => {
      requests.push({ page, limit });
      const rows = articles.slice((page - 1) * limit, page * limit);
      return { articles: rows, pagination: { page, limit, pages: Math.ceil(articles.length / limit), total: articles.length } };
    },
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ids = (page: MoreArticlesPage) => page.articles.map((a) => a.id);
const LATEST = new Set(range(193, 200));

/** The first ten below the latest eight, as the server renders them. */
async function firstPage(list: ReturnType<typeof publicList>) {
  return readMore({ from: 0, after: null, seen: LATEST }, 10, list.fetchList);
}

async function press(list: ReturnType<typeof publicList>, shown: ArticleSummary[], next: number) {
  return readMore({ from: next, after: shown.at(-1)!, seen: new Set([...LATEST, ...shown.map((a) => a.id)]) }, 10, list.fetchList);
}

describe('listWindow', () => {
  it('is the smallest page that holds the whole range', () => {
    expect(listWindow(0, 18)).toEqual({ page: 1, limit: 18 });
    expect(listWindow(17, 11)).toEqual({ page: 2, limit: 14 });
    expect(listWindow(20, 10)).toEqual({ page: 3, limit: 10 });
    for (const [start, count] of [[17, 11], [27, 11], [87, 11], [97, 3], [5, 1]] as const) {
      const { page, limit } = listWindow(start, count);
      expect((page - 1) * limit).toBeLessThanOrEqual(start);
      expect(page * limit).toBeGreaterThanOrEqual(start + count);
    }
  });
});

describe('reading more articles', () => {
  it('renders the ten below the latest with one request', async () => {
    const list = publicList(range(1, 200));
    const first = await firstPage(list);
    expect(ids(first)).toEqual(range(183, 192).reverse());
    expect(first.next).toBe(18);
    expect(list.requests).toEqual([{ page: 1, limit: 18 }]);
  });

  it('reveals ten per press, one request each, until the hundredth article of the list', async () => {
    const list = publicList(range(1, 200));
    let page = await firstPage(list);
    const shown = [...page.articles];
    let presses = 0;
    while (page.next !== null) {
      page = await press(list, shown, page.next);
      shown.push(...page.articles);
      presses += 1;
    }
    expect(presses).toBe(9);
    expect(shown.map((a) => a.id)).toEqual(range(101, 192).reverse());
    expect(list.requests).toHaveLength(10);
  });

  it('ends when the list does, with no button left', async () => {
    const list = publicList(range(1, 30));
    const first = await readMore({ from: 0, after: null, seen: new Set(range(23, 30)) }, 10, list.fetchList);
    expect(first.next).toBe(18);
    const second = await press(list, first.articles, 18);
    expect(ids(second)).toEqual(range(3, 12).reverse());
    expect(second.next).toBe(28);
    const third = await press(list, [...first.articles, ...second.articles], 28);
    expect(ids(third)).toEqual([2, 1]);
    expect(third.next).toBeNull();
  });

  it('shows no article twice when new ones are published between presses', async () => {
    const list = publicList(range(1, 200));
    const first = await firstPage(list);
    list.publish(article(201), article(202), article(203, 185));
    const second = await press(list, first.articles, first.next!);
    expect(ids(second)).toEqual(range(173, 182).reverse());
  });

  it('skips no article when ones above are taken down between presses', async () => {
    const list = publicList(range(1, 200));
    const first = await firstPage(list);
    list.takeDown(200, 190, 185, 183);
    const second = await press(list, first.articles, first.next!);
    expect(ids(second)).toEqual(range(173, 182).reverse());
    list.takeDown(...range(150, 172));
    const third = await press(list, [...first.articles, ...second.articles], second.next!);
    expect(ids(third)).toEqual(range(140, 149).reverse());
  });
});
