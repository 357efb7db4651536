import { MARKETS_COIN_SEARCH_PATH, MARKETS_COINS_ADMIN_PATH, MARKETS_SETTINGS_PATH, type CoinSearchAnswer, type MarketSettingsInput, type MarketsAdminState } from '@coinmag/contracts';
import { request } from './http';

export const marketsApi = {
  state: () => request<MarketsAdminState>('/api/admin/markets', { fallbackError: '載入資料失敗' }),
  save: (input: MarketSettingsInput) => request<MarketsAdminState>(MARKETS_SETTINGS_PATH, { method: 'PUT', json: input, fallbackError: '' }),
  search: (q: string) => request<CoinSearchAnswer>(`${MARKETS_COIN_SEARCH_PATH}?q=${encodeURIComponent(q)}`, { fallbackError: '搜尋失敗' }),
  add: (id: string) => request<MarketsAdminState>(MARKETS_COINS_ADMIN_PATH, { method: 'POST', json: { id }, fallbackError: '' }),
  remove: (symbol: string) => request<MarketsAdminState>(`${MARKETS_COINS_ADMIN_PATH}/${encodeURIComponent(symbol)}`, { method: 'DELETE', fallbackError: '' }),
};
