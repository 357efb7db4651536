import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freePort } from '../packages/service-kit/src/testing/free-port';
import { runEntry, stopAll, waitForHealthy, type ServiceProcess } from '../scripts/stack/processes';
import { ADMIN, adminToken, bearer } from './support/admin-api';
import { sessionCookie, signInWithForm, signInWithToken } from './support/admin-ui';
import { E2E_SERVICES_BASE_PORT } from './support/ports';
import { waitForPublicPage } from './support/site';

/**
 * What a compromised ad network could do with admin-entered ad code on a public page, in a
 * browser where the admin is signed in: read the credential (never: it is an HttpOnly cookie),
 * and, with the back office on its own origin, act as the admin (never: refused).
 */
type Loot = { readable?: string; sameOrigin?: string; adminOrigin?: string; adminOriginWrite?: string; done?: boolean };

/** Ad markup whose script reports what it could read and what its admin calls got. */
function thievingAd(adminOrigin: string): string {
  return `<div data-e2e-thief>廣告</div><script>(async function(){
  var loot = window.__loot = {};
  loot.readable = [document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join('\\n');
  async function call(url, init) {
    try { var r = await fetch(url, Object.assign({ credentials: 'include' }, init)); return String(r.status) + ' ' + (await r.text()).slice(0, 200); }
    catch (e) { return 'refused: ' + e.name; }
  }
  loot.sameOrigin = await call('/api/settings/admin', { headers: { 'X-Requested-With': 'coinmag-admin' } });
  loot.adminOrigin = await call('${adminOrigin}/api/settings/admin', { headers: { 'X-Requested-With': 'coinmag-admin' } });
  loot.adminOriginWrite = await call('${adminOrigin}/api/settings/admin', { method: 'PUT', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ site_title: 'pwned' }) });
  loot.done = true;
})();</script>`;
}

async function putHeaderAd(request: APIRequestContext, base: string, token: string, markup: string) {
  const res = await request.put(`${base}/api/settings/admin`, { headers: bearer(token), data: { header_ad_script: markup } });
  expect(res.ok(), `saving the ad answered ${res.status()}`).toBe(true);
}

async function lootFrom(page: Page): Promise<Loot> {
  await expect.poll(() => page.evaluate(() => Boolean((window as { __loot?: Loot }).__loot?.done)), { timeout: 15_000 }).toBe(true);
  return page.evaluate(() => (window as { __loot?: Loot }).__loot!);
}

test.describe('ad code on a public page and the admin credential', () => {
  test.describe.configure({ mode: 'serial' });
  let original = '';

  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    original = ((await (await request.get('/api/settings/admin', { headers: bearer(token) })).json()) as { header_ad_script: string }).header_ad_script ?? '';
  });
  test.afterAll(async ({ request }) => {
    await putHeaderAd(request, '', await adminToken(request), original);
  });

  test('cannot read it: not in document.cookie, localStorage or sessionStorage', async ({ page, request }) => {
    const token = await signInWithToken(page, request);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('list', { name: '統計' })).toBeVisible();
    const credential = (await sessionCookie(page.context()))!.value;
    await putHeaderAd(request, '', token, thievingAd('http://127.0.0.1:9'));
    await page.goto('/');
    await waitForPublicPage(page);
    await expect(page.locator('[data-e2e-thief]')).toHaveCount(1);
    const loot = await lootFrom(page);
    expect(loot.readable).not.toContain(credential);
    expect(loot.readable).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(loot.readable).not.toContain('coinmag-admin');
  });
});

test.describe('with the back office on its own origin (ADMIN_ORIGIN)', () => {
  test.describe.configure({ mode: 'serial' });
  let gateway: ServiceProcess[] = [];
  let port = 0;
  let publicBase = '';
  let adminBase = '';
  let original = '';

  test.beforeAll(async ({ request }) => {
    test.setTimeout(90_000);
    port = await freePort();
    // Two origins of one gateway: 127.0.0.1 is the public site, localhost the back office.
    publicBase = `http://127.0.0.1:${port}`;
    adminBase = `http://localhost:${port}`;
    const dataDir = process.env.E2E_DATA_DIR!;
    const service = (offset: number) => `http://127.0.0.1:${E2E_SERVICES_BASE_PORT + offset}`;
    gateway = [
      runEntry('gateway-admin-origin', resolve(import.meta.dirname, '..', 'gateway', 'src', 'main.ts'), {
        PORT: String(port),
        AUTH_URL: service(1),
        CONTENT_URL: service(2),
        MEDIA_URL: service(3),
        DATA_DIR: dataDir,
        JWT_PUBLIC_KEY_FILE: join(dataDir, 'keys', 'jwt-public.pem'),
        SITE_ORIGIN: publicBase,
        ADMIN_ORIGIN: adminBase,
        LOG_LEVEL: 'warn',
      }, true),
    ];
    await waitForHealthy(`${publicBase}/healthz`);
    const token = await adminToken(request);
    original = ((await (await request.get('/api/settings/admin', { headers: bearer(token) })).json()) as { header_ad_script: string }).header_ad_script ?? '';
  });
  test.afterAll(async ({ request }) => {
    await putHeaderAd(request, '', await adminToken(request), original);
    await stopAll(gateway);
  });

  test('the public origin refuses admin calls and sends /admin to the admin origin', async ({ request }) => {
    const login = await request.post(`${publicBase}/api/admin/login`, { data: ADMIN });
    expect(login.status()).toBe(403);
    expect(await login.json()).toEqual({ error: '請從管理後台網址操作' });
    const token = await adminToken(request);
    expect((await request.get(`${publicBase}/api/settings/admin`, { headers: bearer(token) })).status()).toBe(403);
    const page = await request.get(`${publicBase}/admin/dashboard`, { maxRedirects: 0 });
    expect(page.status()).toBe(308);
    expect(page.headers().location).toBe(`${adminBase}/admin/dashboard`);
    // And the admin origin serves no public page (no ad code runs there).
    const home = await request.get(`${adminBase}/`, { maxRedirects: 0 });
    expect(home.status()).toBe(308);
    expect(home.headers().location).toBe(`${publicBase}/`);
  });

  test('an ad script on the public origin can neither read the session nor make an admin call', async ({ page, request }) => {
    await signInWithForm(page, `${adminBase}/admin`);
    await expect(page).toHaveURL(`${adminBase}/admin/dashboard`);
    const credential = (await page.context().cookies(adminBase)).find((cookie) => cookie.name === 'coinmag-admin');
    expect(credential).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // The signed-in admin can use the API from the admin origin.
    const own = await page.evaluate(async () => (await fetch('/api/settings/admin', { headers: { 'X-Requested-With': 'coinmag-admin' } })).status);
    expect(own).toBe(200);

    const token = await adminToken(request);
    const before = (await (await request.get(`${adminBase}/api/settings/admin`, { headers: bearer(token) })).json()) as { site_title: string };
    await putHeaderAd(request, adminBase, token, thievingAd(adminBase));
    await page.goto(`${publicBase}/`);
    await waitForPublicPage(page);
    await expect(page.locator('[data-e2e-thief]')).toHaveCount(1);
    const loot = await lootFrom(page);
    expect(loot.readable).not.toContain(credential!.value);
    expect(loot.sameOrigin).toMatch(/^403 /);
    expect(loot.adminOrigin).toMatch(/^refused: TypeError/);
    // A no-cors write goes out opaque but without the cookie (SameSite=Strict): nothing changed.
    const after = (await (await request.get(`${adminBase}/api/settings/admin`, { headers: bearer(token) })).json()) as { site_title: string };
    expect(after.site_title).toBe(before.site_title);
    expect(after.site_title).not.toBe('pwned');
  });
});
