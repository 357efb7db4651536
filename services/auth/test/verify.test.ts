import { createHmac, createSign } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { signAdminToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@coinmag/service-kit';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config.js';
import { freshIp, generateSigningKeys, login, startAuthTestApp, type AuthTestApp } from './auth-test-app.js';

let app: AuthTestApp;
let adminId: number;
beforeAll(async () => {
  app = await startAuthTestApp();
  adminId = (await app.admins.findByUsername('admin'))!.id;
});
afterAll(async () => {
  await app?.close();
});

const base64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const validClaims = () => ({ sub: String(adminId), username: 'admin', tv: 0, iat: nowSeconds(), exp: nowSeconds() + 600, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });

function verify(token?: string, authorization = token ? `Bearer ${token}` : undefined) {
  return fetch(`${app.url}/api/admin/verify`, { headers: authorization ? { authorization } : {} });
}

async function expectRefused(token: string) {
  const res = await verify(token);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ error: API_MESSAGES.unauthorized });
}

describe('GET /api/admin/verify', () => {
  it('returns the admin and the default-password flag for a token from login', async () => {
    const { token } = (await (await login(app.url, 'admin', DEFAULT_ADMIN_PASSWORD, freshIp())).json()) as { token: string };
    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      admin: { id: adminId, username: 'admin' },
      usingDefaultPassword: true,
      expiresAt: new Date((jwt.decode(token) as jwt.JwtPayload).exp! * 1000).toISOString(),
      sessionExpiresAt: expect.any(String),
    });
  });

  it('says "not logged in" without a token, and refuses a malformed header', async () => {
    const missing = await verify();
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: API_MESSAGES.notLoggedIn });
    const malformed = await verify(undefined, 'Basic YWRtaW46YWRtaW4=');
    expect(malformed.status).toBe(401);
    expect(await malformed.json()).toEqual({ error: API_MESSAGES.unauthorized });
  });

  it('refuses a token signed with another key', async () => {
    const stranger = generateSigningKeys();
    await expectRefused(signAdminToken({ id: adminId, username: 'admin', tokenVersion: 0 }, stranger.privateKey, 600));
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = signAdminToken({ id: adminId, username: 'admin', tokenVersion: 0 }, app.keys.privateKey, 600).split('.');
    await expectRefused(`${header}.${base64url({ ...validClaims(), exp: nowSeconds() + 999_999 })}.${signature}`);
  });

  it('refuses alg none', async () => {
    await expectRefused(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(validClaims())}.`);
  });

  it('refuses HS256 signed with the public key as the secret', async () => {
    const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(validClaims())}`;
    const signature = createHmac('sha256', app.keys.publicKey).update(unsigned).digest('base64url');
    await expectRefused(`${unsigned}.${signature}`);
  });

  it('refuses another asymmetric algorithm (ES384 header over an ES256 key)', async () => {
    const unsigned = `${base64url({ alg: 'ES384', typ: 'JWT' })}.${base64url(validClaims())}`;
    const signature = createSign('sha384').update(unsigned).sign({ key: app.keys.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    await expectRefused(`${unsigned}.${signature}`);
  });

  it('refuses an expired token', async () => {
    await expectRefused(signAdminToken({ id: adminId, username: 'admin', tokenVersion: 0 }, app.keys.privateKey, 60, Date.now() - 3600_000));
  });

  it('refuses a token issued in the future', async () => {
    await expectRefused(jwt.sign({ ...validClaims(), iat: nowSeconds() + 3600, exp: nowSeconds() + 7200 }, app.keys.privateKey, { algorithm: 'ES256' }));
  });

  it('refuses a wrong issuer or audience, or a token without a version', async () => {
    await expectRefused(jwt.sign({ ...validClaims(), iss: 'someone-else' }, app.keys.privateKey, { algorithm: 'ES256' }));
    await expectRefused(jwt.sign({ ...validClaims(), aud: 'coinmag-public' }, app.keys.privateKey, { algorithm: 'ES256' }));
    const { tv: _dropped, ...withoutVersion } = validClaims();
    await expectRefused(jwt.sign(withoutVersion, app.keys.privateKey, { algorithm: 'ES256' }));
  });

  it('refuses a subject that does not exist', async () => {
    await expectRefused(signAdminToken({ id: 987_654, username: 'admin', tokenVersion: 0 }, app.keys.privateKey, 600));
  });

  it('refuses the token of an account deleted after it was issued', async () => {
    await app.admins.createIfAbsent({ username: 'editor', passwordHash: await app.hasher.hash('editor-password-1'), isDefaultPassword: false });
    const { token } = (await (await login(app.url, 'editor', 'editor-password-1', freshIp())).json()) as { token: string };
    expect((await verify(token)).status).toBe(200);
    await app.admins.remove((await app.admins.findByUsername('editor'))!.id);
    await expectRefused(token);
  });

  it('refuses a token carrying an old version', async () => {
    await expectRefused(signAdminToken({ id: adminId, username: 'admin', tokenVersion: 7 }, app.keys.privateKey, 600));
  });
});
