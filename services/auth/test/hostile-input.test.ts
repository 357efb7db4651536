import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasUnsafeText } from '@coinmag/service-kit';
import { encodeHostile, HOSTILE_JSON_VALUES, HOSTILE_URL_STRINGS, hostileProbes, showHostile as show, unsafeOnTheWire } from '@coinmag/service-kit/testing';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config.js';
import { freshIp, login, postJson, startAuthTestApp, type AuthTestApp } from './auth-test-app.js';

/** Every parameter and body field of the auth service with every hostile value: never a 500. */
let app: AuthTestApp;
let token: string;

beforeAll(async () => {
  app = await startAuthTestApp();
  const res = await login(app.url, 'admin', DEFAULT_ADMIN_PASSWORD, freshIp());
  token = ((await res.json()) as { token: string }).token;
});
afterAll(async () => {
  await app?.close();
});

describe('auth service under hostile input', () => {
  it('refuses a NUL or a lone surrogate in the login body with a 400 naming the field', async () => {
    for (const body of [{ username: 'admin\u0000', password: 'x' }, { username: 'admin', password: '\ud800' }]) {
      const res = await postJson(`${app.url}/api/admin/login`, body, { 'x-forwarded-for': freshIp() });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: string; field: string };
      expect(json.field).toBe(Object.keys(body).find((key) => hasUnsafeText((body as Record<string, string>)[key]!)));
      expect(json.error).toMatch(/含有不允許的字元/);
    }
  });

  it('never answers a query, a login field or a password field with a 500', async () => {
    const { failures, check } = hostileProbes();
    for (const value of HOSTILE_URL_STRINGS) {
      const q = encodeHostile(value);
      const unsafe = unsafeOnTheWire(value);
      for (const path of ['/api/admin/login', '/api/admin/verify']) {
        await check(`GET ${path}?${show(value)}`, unsafe, fetch(`${app.url}${path}?${q}=${q}`, { headers: { authorization: `Bearer ${token}` } }));
      }
      await check(`GET /api/admin/${show(value)}`, unsafe, fetch(`${app.url}/api/admin/${q}`));
      if (!/[^\t\x20-\x7e]/.test(value)) {
        await check(`verify bearer ${show(value)}`, false, fetch(`${app.url}/api/admin/verify`, { headers: { authorization: `Bearer ${value}` } }));
      }
    }
    for (const value of HOSTILE_JSON_VALUES) {
      const unsafe = typeof value === 'string' && hasUnsafeText(value);
      for (const field of ['username', 'password']) {
        await check(`login ${field}=${show(value)}`, unsafe, postJson(`${app.url}/api/admin/login`, { username: 'admin', password: 'wrong-password', [field]: value }, { 'x-forwarded-for': freshIp() }));
      }
      for (const field of ['currentPassword', 'newPassword']) {
        // The current password is never right here, so no probe changes the password.
        const body = { currentPassword: 'not-the-password', newPassword: 'another-long-password', [field]: value };
        await check(`password ${field}=${show(value)}`, unsafe, fetch(`${app.url}/api/admin/password`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': freshIp() },
          body: JSON.stringify(body),
        }));
      }
      await check(`login body ${show(value)}`, false, postJson(`${app.url}/api/admin/login`, value, { 'x-forwarded-for': freshIp() }));
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
