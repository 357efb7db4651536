import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, adminToken } from './admin-api';

/** The key the back office keeps its token under (SPEC §6). */
export const TOKEN_KEY = 'admin-token';

/** Signs in through the login form and waits for the dashboard. */
export async function signInWithForm(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('帳號').fill(ADMIN.username);
  await page.getByLabel('密碼').fill(ADMIN.password);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page.getByText('登入成功')).toBeVisible();
}

/** Starts a page already signed in (token from the API), for journeys that are not about the login itself. */
export async function signInWithToken(page: Page, request: APIRequestContext): Promise<string> {
  const token = await adminToken(request);
  await page.addInitScript(([key, value]) => {
    // Only on the first load of this page: a test that clears the token must see it stay cleared.
    if (!window.sessionStorage.getItem('e2e-token-set')) {
      window.localStorage.setItem(key, value);
      window.sessionStorage.setItem('e2e-token-set', '1');
    }
  }, [TOKEN_KEY, token] as const);
  return token;
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
