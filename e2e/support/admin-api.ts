import { expect, type APIRequestContext } from '@playwright/test';

/** The development default admin account the stack creates (auth service DEFAULT_ADMIN_PASSWORD). */
export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin12345' };

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: ADMIN });
  expect(res.ok(), `admin login answered ${res.status()}`).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
