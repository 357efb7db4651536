import type { CoinDetail, CoinList, PriceSince } from '@coinmag/contracts';
import { getJson, type Api } from './http';

export const fetchCoinList = (api: Api) => getJson<CoinList>('/api/markets/coins', '載入資料失敗', api);

export const fetchCoin = (symbol: string, api: Api) => getJson<CoinDetail>(`/api/markets/coins/${encodeURIComponent(symbol)}`, '載入資料失敗', api);

export const fetchPriceSince = (symbol: string, at: string, api: Api) =>
  getJson<PriceSince>(`/api/markets/coins/${encodeURIComponent(symbol)}/price-at?at=${encodeURIComponent(at)}`, '載入資料失敗', api);
