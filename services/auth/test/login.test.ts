import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@coinmag/contracts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@coinmag/service-kit';
import { Argon2Hasher, type PasswordHasher } from '../src/admin/password-hasher.js';
import { DEFAULT_ADMIN_PASSWORD } from '../src/config.js';
import { freshIp, login, postJson, startAuthTestApp, type AuthTestApp } from './auth-test-app.js';

const argon2 = new Argon2Hasher();
const verifiedHashes: string[] = [];
/** The real argon2 hasher, noting which hash each check ran against. */
const observedHasher: PasswordHasher = {
  hash: (password) => argon2.hash(password),
  async verify(passwordHash, password) {
    verifiedHashes.push(passwordHash);
    return argon2.verify(passwordHash, password);
  },
};

let app: AuthTestApp;
beforeAll(async () => {
  app = await startAuthTestApp({ hasher: observedHasher });
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/admin/login', () => {
  it('tells the login form, without a token, that the default password is still in use', async () => {
    const res = await fetch(`${app.url}/api/admin/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ usingDefaultPassword: true });
  });
});

describe('POST /api/admin/login', () => {
  it('returns an ES256 token for the default admin password', async () => {
    const res = await login(app.url, 'admin', DEFAULT_ADMIN_PASSWORD, freshIp());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { token } = (await res.json()) as { token: string };
    const claims = jwt.verify(token, app.keys.publicKey, { algorithms: ['ES256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE }) as jwt.JwtPayload;
    const admin = await app.admins.findByUsername('admin');
    expect(claims.sub).toBe(String(admin!.id));
    expect(claims.username).toBe('admin');
    expect(claims.tv).toBe(0);
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('accepts the username in any letter case', async () => {
    const res = await login(app.url, ' Admin ', DEFAULT_ADMIN_PASSWORD, freshIp());
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with 401 and the Chinese message', async () => {
    const res = await login(app.url, 'admin', 'wrong-password', freshIp());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_MESSAGES.loginFailed });
  });

  it('answers an unknown username exactly like a wrong password, after running the hash check', async () => {
    const admin = await app.admins.findByUsername('admin');
    verifiedHashes.length = 0;
    const res = await login(app.url, 'nobody', DEFAULT_ADMIN_PASSWORD, freshIp());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_MESSAGES.loginFailed });
    expect(verifiedHashes).toHaveLength(1);
    expect(verifiedHashes[0]).toMatch(/^\$argon2id\$/);
    expect(verifiedHashes[0]).not.toBe(admin!.password_hash);
  });

  it('refuses missing or empty fields with 400 naming the field', async () => {
    const ip = freshIp();
    const noPassword = await postJson(`${app.url}/api/admin/login`, { username: 'admin' }, { 'x-forwarded-for': ip });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toEqual({ error: '請輸入密碼', field: 'password' });
    const blankUser = await postJson(`${app.url}/api/admin/login`, { username: '  ', password: 'x' }, { 'x-forwarded-for': ip });
    expect(blankUser.status).toBe(400);
    expect(await blankUser.json()).toEqual({ error: '請輸入帳號', field: 'username' });
    const notJson = await fetch(`${app.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: string }).error).toBe(API_MESSAGES.invalidJson);
  });
});

describe('login attempt limits', () => {
  it('locks one username from one address after 5 failures, with Retry-After, even for the right password', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await login(app.url, 'admin', `guess-${attempt}`, ip)).status).toBe(401);
    }
    const locked = await login(app.url, 'admin', DEFAULT_ADMIN_PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ error: API_MESSAGES.tooManyLogins });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect((await login(app.url, 'admin', DEFAULT_ADMIN_PASSWORD, freshIp())).status).toBe(200);
  });

  it('limits one address to 10 failures whatever usernames it tries', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await login(app.url, `user${attempt}`, 'guess', ip)).status).toBe(401);
    }
    const locked = await login(app.url, 'someone-else', 'guess', ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts the same route under every spelling of its path', async () => {
    const ip = freshIp();
    const spellings = ['/api/admin/login', '/API/admin/login', '/api/ADMIN/Login/', '/api/admin/login/', '/Api/Admin/LOGIN'];
    for (const path of spellings) expect((await login(app.url, 'admin', 'guess', ip, path)).status).toBe(401);
    expect((await login(app.url, 'admin', 'guess', ip, '/api/admin/LOGIN/')).status).toBe(429);
  });

  it('a success clears the username count but does not wipe the address count', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login(app.url, 'admin', 'guess', ip)).status).toBe(401);
    expect((await login(app.url, 'admin', DEFAULT_ADMIN_PASSWORD, ip)).status).toBe(200);
    // Four more on admin are allowed again (its own count was cleared)…
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login(app.url, 'admin', 'guess', ip)).status).toBe(401);
    // …but the address has now failed 8 times, so the 11th failure is refused.
    expect((await login(app.url, 'other1', 'guess', ip)).status).toBe(401);
    expect((await login(app.url, 'other2', 'guess', ip)).status).toBe(401);
    expect((await login(app.url, 'other3', 'guess', ip)).status).toBe(429);
  });

  it('cannot be outrun by a burst of parallel guesses', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => login(app.url, 'admin', `burst-${n}`, ip)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});
