import type { CoinDetail, CoinList, PriceSince } from '@coinmag/contracts';
import { getJson } from './http';

export const fetchCoinList = (signal?: AbortSignal) => getJson<CoinList>('/api/markets/coins', '載入資料失敗', signal);

export const fetchCoin = (symbol: string, signal?: AbortSignal) => getJson<CoinDetail>(`/api/markets/coins/${encodeURIComponent(symbol)}`, '載入資料失敗', signal);

export const fetchPriceSince = (symbol: string, at: string, signal?: AbortSignal) =>
  getJson<PriceSince>(`/api/markets/coins/${encodeURIComponent(symbol)}/price-at?at=${encodeURIComponent(at)}`, '載入資料失敗', signal);
