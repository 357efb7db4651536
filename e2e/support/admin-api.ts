import { expect, type APIRequestContext } from '@playwright/test';

/** The development default admin account the stack creates (auth service DEFAULT_ADMIN_PASSWORD). */
export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin12345' };

/**
 * A bearer token for API calls made by the test itself. Browsers get only the HttpOnly
 * cookie; a script asks for the token in the answer too (X-Token-Delivery: body).
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: ADMIN, headers: { 'X-Token-Delivery': 'body' } });
  expect(res.ok(), `admin login answered ${res.status()}`).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
