import { useEffect, useState } from 'react';
import type { CoinSearchResult } from '@coinmag/contracts';
import { asApiError } from '../api/http';
import { marketsApi } from '../api/markets-api';

/** The provider's list is searched on the server once typing pauses this long. */
const SEARCH_PAUSE_MS = 300;

/** 行情設定's search of CoinGecko's list (on the markets service): the results for `query`, or why there are none. */
export function useListedCoinSearch(query: string) {
  const [listed, setListed] = useState<CoinSearchResult[]>([]);
  const [searchError, setSearchError] = useState('');
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    const term = query.trim();
    setSearchError('');
    setSearching(term !== '');
    if (!term) {
      setListed([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      marketsApi.search(term).then(
        (answer) => {
          if (!current) return;
          setListed(answer.results);
          setSearching(false);
        },
        (err: unknown) => {
          if (!current) return;
          setListed([]);
          setSearching(false);
          setSearchError(`搜尋失敗：${asApiError(err, '').serverError || '請稍後再試'}`);
        },
      );
    }, SEARCH_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  /** A result added just now is priced: it leaves the results. */
  const markPriced = (id: string) => setListed((current) => current.map((coin) => (coin.id === id ? { ...coin, priced: true } : coin)));
  return { unpriced: listed.filter((coin) => !coin.priced), searching, searchError, markPriced };
}
