import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, PASSWORD_MIN_LENGTH } from '@coinmag/contracts';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config.js';
import { freshIp, login, startAuthTestApp, type AuthTestApp } from './auth-test-app.js';

let app: AuthTestApp;
beforeAll(async () => {
  app = await startAuthTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function tokenFor(password: string): Promise<string> {
  const res = await login(app.url, 'admin', password, freshIp());
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

function changePassword(token: string | undefined, body: unknown, ip = freshIp()) {
  return fetch(`${app.url}/api/admin/password`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

const verify = (token: string) => fetch(`${app.url}/api/admin/verify`, { headers: { authorization: `Bearer ${token}` } });

describe('PUT /api/admin/password', () => {
  it('needs a token', async () => {
    const res = await changePassword(undefined, { currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'a-new-long-password' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_MESSAGES.notLoggedIn });
  });

  it('refuses a new password under the minimum length, naming the field', async () => {
    const res = await changePassword(await tokenFor(DEFAULT_ADMIN_PASSWORD), { currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'short' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: `新密碼至少 ${PASSWORD_MIN_LENGTH} 個字元`, field: 'newPassword' });
  });

  it('refuses a wrong current password, the same password again, and the default password', async () => {
    const token = await tokenFor(DEFAULT_ADMIN_PASSWORD);
    const wrong = await changePassword(token, { currentPassword: 'not-the-password', newPassword: 'a-new-long-password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: '目前密碼不正確', field: 'currentPassword' });
    const same = await changePassword(token, { currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: DEFAULT_ADMIN_PASSWORD });
    expect(same.status).toBe(400);
    expect(((await same.json()) as { field: string }).field).toBe('newPassword');
  });

  it('limits guesses of the current password like logins', async () => {
    const token = await tokenFor(DEFAULT_ADMIN_PASSWORD);
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await changePassword(token, { currentPassword: `guess-${attempt}`, newPassword: 'a-new-long-password' }, ip)).status).toBe(400);
    }
    const locked = await changePassword(token, { currentPassword: 'guess-6', newPassword: 'a-new-long-password' }, ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('changes the password, ends every older token, and returns a fresh one', async () => {
    const older = await tokenFor(DEFAULT_ADMIN_PASSWORD);
    const current = await tokenFor(DEFAULT_ADMIN_PASSWORD);
    const res = await changePassword(current, { currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'correct-horse-battery' });
    expect(res.status).toBe(200);
    const { token: fresh } = (await res.json()) as { token: string };

    for (const stale of [older, current]) {
      const refused = await verify(stale);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: API_MESSAGES.unauthorized });
    }
    const accepted = await verify(fresh);
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { usingDefaultPassword: boolean }).usingDefaultPassword).toBe(false);

    expect((await login(app.url, 'admin', DEFAULT_ADMIN_PASSWORD, freshIp())).status).toBe(401);
    expect((await login(app.url, 'admin', 'correct-horse-battery', freshIp())).status).toBe(200);
    expect(await (await fetch(`${app.url}/api/admin/login`)).json()).toEqual({ usingDefaultPassword: false });
    const stored = await app.admins.findByUsername('admin');
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored!.token_version).toBe(1);
  });

  it('refuses a stale token for a further change', async () => {
    const stale = await tokenFor('correct-horse-battery');
    await app.db('admins').where({ username: 'admin' }).increment('token_version', 1);
    const res = await changePassword(stale, { currentPassword: 'correct-horse-battery', newPassword: 'another-long-password' });
    expect(res.status).toBe(401);
  });
});
