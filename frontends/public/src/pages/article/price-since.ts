import type { ArticleDetail } from '@coinmag/contracts';
import { keywordsFromTags, tagKey } from '@coinmag/rules';
import { isAbort, type Api } from '../../api/http';
import { fetchCoinList, fetchPriceSince } from '../../api/markets';

/** The coin an article is tagged with, its price when the article was published, and now. */
export interface ArticlePriceSince {
  symbol: string;
  then: number;
  now: number;
}

/**
 * For an article tagged with a priced coin (the coin's tag, 行情設定): its price at publication from
 * the stored history and its price now. null when the article names no priced coin, either price
 * is unknown, or prices cannot be read (the article reads without the line).
 */
export async function loadPriceSince(article: ArticleDetail, api: Api): Promise<ArticlePriceSince | null> {
  if (!article.published_at) return null;
  try {
    const tags = new Set(keywordsFromTags(article.tags).map(tagKey));
    const coin = (await fetchCoinList(api)).coins.find((candidate) => tags.has(tagKey(candidate.tag)));
    if (!coin) return null;
    const since = await fetchPriceSince(coin.symbol, article.published_at, api);
    return since.then && since.now ? { symbol: coin.symbol, then: since.then.twd, now: since.now.twd } : null;
  } catch (err) {
    if (isAbort(err)) throw err;
    return null;
  }
}
