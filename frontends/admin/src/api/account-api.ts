import type { PasswordChangeResponse } from '@coinmag/contracts';
import { request } from './http';

export const accountApi = {
  changePassword: (currentPassword: string, newPassword: string) =>
    request<PasswordChangeResponse>('/api/admin/password', { method: 'PUT', json: { currentPassword, newPassword }, fallbackError: '更新失敗' }),
};
