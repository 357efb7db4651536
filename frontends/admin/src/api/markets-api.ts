import { MARKETS_SETTINGS_PATH, type MarketSettingsInput, type MarketsAdminState } from '@coinmag/contracts';
import { request } from './http';

export const marketsApi = {
  state: () => request<MarketsAdminState>('/api/admin/markets', { fallbackError: '載入資料失敗' }),
  save: (input: MarketSettingsInput) => request<MarketsAdminState>(MARKETS_SETTINGS_PATH, { method: 'PUT', json: input, fallbackError: '' }),
};
