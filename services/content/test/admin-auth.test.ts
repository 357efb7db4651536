import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSigningKeys, signTestAdminToken } from '@coinmag/service-kit/testing';
import { startContent, type ContentHarness } from './content-harness.js';

const ADMIN_CALLS: Array<[string, string]> = [
  ['GET', '/api/articles/admin/all?limit=100'],
  ['GET', '/api/articles/admin/1'],
  ['POST', '/api/articles/admin'],
  ['PUT', '/api/articles/admin/1'],
  ['DELETE', '/api/articles/admin/1'],
  ['GET', '/api/categories/admin/all'],
  ['POST', '/api/categories/admin'],
  ['PUT', '/api/categories/admin/1'],
  ['DELETE', '/api/categories/admin/1'],
  ['GET', '/api/settings/admin'],
  ['PUT', '/api/settings/admin'],
  ['GET', '/api/admin/stats'],
];

describe('admin calls need a valid admin token', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
  });
  afterAll(() => api.close());

  const call = (method: string, path: string, authorization?: string) =>
    api.get(path, { method, headers: authorization ? { authorization } : {} });

  it.each(ADMIN_CALLS)('%s %s without a token answers 401 尚未登入', async (method, path) => {
    const { status, body, headers } = await call(method, path);
    expect(status).toBe(401);
    expect(body).toEqual({ error: '尚未登入' });
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('refuses expired, future, tampered, foreign, alg none and HS256 tokens', async () => {
    const other = createTestSigningKeys();
    const good = signTestAdminToken(api.privateKey);
    const [header, payload] = good.split('.');
    const tamperedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '2' })).toString('base64url');
    const bad = [
      signTestAdminToken(api.privateKey, {}, { expiresIn: -10 }),
      signTestAdminToken(api.privateKey, { iat: Math.floor(Date.now() / 1000) + 3600 }),
      `${header}.${tamperedPayload}.${good.split('.')[2]}`,
      signTestAdminToken(other.privateKey),
      jwt.sign({ sub: '1', username: 'admin', iss: 'coinmag-auth', aud: 'coinmag-admin' }, '', { algorithm: 'none' }),
      jwt.sign({ sub: '1', username: 'admin', iss: 'coinmag-auth', aud: 'coinmag-admin' }, 'secret', { algorithm: 'HS256' }),
      signTestAdminToken(api.privateKey, {}, { audience: 'someone-else' }),
      'Basic YWRtaW46YWRtaW4=',
    ];
    for (const token of bad) {
      const { status, body } = await call('GET', '/api/admin/stats', token.startsWith('Basic') ? token : `Bearer ${token}`);
      expect(status).toBe(401);
      expect(body).toEqual({ error: '驗證失敗，請重新登入' });
    }
  });

  it('lets a valid token through, never cached', async () => {
    const { status, headers } = await call('GET', '/api/admin/stats', `Bearer ${api.token}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
  });
});
