import type { MarketSettingsInput, MarketsAdminState } from '@coinmag/contracts';
import { request } from './http';

const PATH = '/api/admin/markets';

export const marketsApi = {
  state: () => request<MarketsAdminState>(PATH, { fallbackError: '載入資料失敗' }),
  save: (input: MarketSettingsInput) => request<MarketsAdminState>(`${PATH}/settings`, { method: 'PUT', json: input, fallbackError: '' }),
};
