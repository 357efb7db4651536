import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { ADMIN } from './admin-api';
import { E2E_GATEWAY_PORT } from './ports';

/** The key the back office kept its token under before the token moved into an HttpOnly cookie; nothing may be there now. */
export const TOKEN_KEY = 'admin-token';
/** The back office's note that a session is open (no secret: the credential is the cookie). */
export const SESSION_MARK_KEY = 'admin-session';
/** The session cookie over plain http (the e2e stack); `__Host-coinmag-admin` over https. */
export const SESSION_COOKIE = 'coinmag-admin';

/** The session cookie the browser holds for the site, if any. */
export async function sessionCookie(context: BrowserContext): Promise<Cookie | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** Replaces the browser's session cookie with `value` (as when it expires or is revoked). */
export async function setSessionCookie(page: Page, value: string): Promise<void> {
  const url = page.url().startsWith('http') ? new URL(page.url()).origin : `http://127.0.0.1:${E2E_GATEWAY_PORT}`;
  await page.context().addCookies([{ name: SESSION_COOKIE, value, url, httpOnly: true, sameSite: 'Strict' }]);
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInWithForm(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('帳號').fill(ADMIN.username);
  await page.getByLabel('密碼').fill(ADMIN.password);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page.getByText('登入成功')).toBeVisible();
}

/**
 * Starts a page already signed in, for journeys that are not about the login itself: the
 * login goes through the page's own request context, so the browser gets the HttpOnly session
 * cookie exactly as from the form. Returns a bearer token of another session for the test's
 * own API calls (`request` is a separate client). `password`: the admin's current one, for
 * journeys that run after the password journeys.
 */
export async function signInWithToken(page: Page, request: APIRequestContext, password = ADMIN.password): Promise<string> {
  const credentials = { username: ADMIN.username, password };
  const res = await page.request.post('/api/admin/login', { data: credentials });
  expect(res.ok(), `admin login answered ${res.status()}`).toBe(true);
  expect(await sessionCookie(page.context()), 'the login set the session cookie').toBeDefined();
  await page.addInitScript((key) => {
    // Only on the first load of this page: a test that ends the session must see it stay ended.
    if (!window.sessionStorage.getItem('e2e-session-set')) {
      window.localStorage.setItem(key, '1');
      window.sessionStorage.setItem('e2e-session-set', '1');
    }
  }, SESSION_MARK_KEY);
  const apiLogin = await request.post('/api/admin/login', { data: credentials, headers: { 'X-Token-Delivery': 'body' } });
  expect(apiLogin.ok()).toBe(true);
  return ((await apiLogin.json()) as { token: string }).token;
}

/** Accepts the next confirm() prompt, checking its text. */
export function acceptNextConfirm(page: Page, expectedText = '確定要刪除嗎？此動作無法復原。'): void {
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(expectedText);
    void dialog.accept();
  });
}

/** A small valid PNG of one colour, made here so the tests need no fixture files. */
export function pngImage(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A name no other test or demo article uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
