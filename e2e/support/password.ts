import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './admin-api';

/**
 * The journeys that change the admin password run last (their own Playwright projects) and
 * cannot go back to the default (the auth service refuses it), so they pass between these two.
 */
const ROTATION = ['e2e-rotated-password-1', 'e2e-rotated-password-2'] as const;

/** The password the admin account has now, and a token signed in with it. */
export async function currentCredentials(request: APIRequestContext): Promise<{ password: string; token: string }> {
  for (const password of [ADMIN.password, ...ROTATION]) {
    const res = await request.post('/api/admin/login', { data: { username: ADMIN.username, password }, headers: { 'X-Token-Delivery': 'body' } });
    if (res.ok()) return { password, token: ((await res.json()) as { token: string }).token };
  }
  throw new Error('none of the known admin passwords signs in');
}

export function nextPassword(current: string): string {
  return current === ROTATION[0] ? ROTATION[1] : ROTATION[0];
}

/** Changes the password through the API (as another device would), returning the new one. */
export async function changePasswordThroughApi(request: APIRequestContext, token: string, current: string): Promise<string> {
  const next = nextPassword(current);
  const res = await request.put('/api/admin/password', { headers: { Authorization: `Bearer ${token}` }, data: { currentPassword: current, newPassword: next } });
  expect(res.status(), 'password change').toBe(200);
  return next;
}
