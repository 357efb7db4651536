import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { uniqueName } from './support/admin-ui';
import { waitForPublicPage } from './support/site';

// Only the header and sidebar slots: the admin settings journey owns the footer ad. Both
// journeys share the site's settings, so each attempt here saves them again before looking.
const AD_SETTINGS = {
  header_ad_script: '<div class="e2e-ad" data-e2e-ad="header">頁首廣告</div><script>window.__e2eAds = (window.__e2eAds || []).concat("header")</script>',
  sidebar_ad_script: '<div class="e2e-ad" data-e2e-ad="sidebar">側欄廣告</div><script>window.__e2eAds = (window.__e2eAds || []).concat("sidebar")</script>',
};

type AdWindow = { __e2eAds?: string[] };
let original: Record<string, string> = {};

async function putSettings(request: APIRequestContext, values: Record<string, string>) {
  const token = await adminToken(request);
  const res = await request.put('/api/settings/admin', { headers: bearer(token), data: values });
  expect(res.ok(), `saving settings answered ${res.status()}`).toBe(true);
}

/** Saves the ad settings and opens the home page: both ads are there with their scripts run. */
async function openHomeWithAds(page: Page, request: APIRequestContext) {
  await putSettings(request, AD_SETTINGS);
  await page.goto('/');
  await waitForPublicPage(page);
  await expect(page.locator('[data-e2e-ad="header"]')).toHaveCount(1);
  await expect(page.locator('[data-e2e-ad="sidebar"]')).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => ((window as AdWindow).__e2eAds ?? []).sort())).toEqual(['header', 'sidebar']);
}

test.describe('ads from the site settings', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    original = await (await request.get('/api/settings/admin', { headers: bearer(token) })).json();
  });

  test.afterAll(async ({ request }) => {
    await putSettings(request, { header_ad_script: original.header_ad_script ?? '', sidebar_ad_script: original.sidebar_ad_script ?? '' });
  });

  test('are injected on the home page with their scripts run', async ({ page, request }) => {
    await openHomeWithAds(page, request);
    await expect(page.locator('[data-ad-slot="header"]')).toContainText('廣告');
    // The header ad sits right below the sticky header, the sidebar ad beside the popular list.
    await expect(page.locator('header + [data-ad-slot="header"]')).toHaveCount(1);
    await expect(page.locator('aside [data-ad-slot="sidebar"]')).toHaveCount(1);
  });

  test('plain ad markup is written by the server and kept by hydration; ad code with scripts runs in the browser', async ({ page, request }) => {
    const plain = '<div class="e2e-ad" data-e2e-ad="header-plain"><a href="/articles">頁首純標記廣告</a></div>';
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await putSettings(request, { ...AD_SETTINGS, header_ad_script: plain });
    const html = await (await request.get('/')).text();
    const header = /<aside[^>]*data-ad-slot="header"[^>]*>(.*?)<\/aside>/s.exec(html)?.[1] ?? '';
    expect(header).toContain(plain);
    // The sidebar's ad code has a script: not in the server's HTML, injected by the browser.
    expect(html).not.toContain('<div class="e2e-ad" data-e2e-ad="sidebar">');
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await waitForPublicPage(page);
    await expect(page.locator('[data-e2e-ad="sidebar"]')).toHaveCount(1);
    expect(await page.evaluate(() => (window as AdWindow).__e2eAds)).toEqual(['sidebar']);
    // Effects and late chunks settle; the server-written ad is still there, once.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-e2e-ad="header-plain"]')).toHaveCount(1);
    await expect(page.locator('header + [data-ad-slot="header"] [data-e2e-ad="header-plain"]')).toHaveText('頁首純標記廣告');
    expect(problems).toEqual([]);
  });

  test('are neither shown nor run under /admin, even after client-side navigation', async ({ page, request }) => {
    await page.goto('/admin');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.e2e-ad')).toHaveCount(0);
    expect(await page.evaluate(() => (window as AdWindow).__e2eAds)).toBeUndefined();

    await openHomeWithAds(page, request);
    await page.evaluate(() => {
      history.pushState({}, '', '/admin/dashboard');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.e2e-ad')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => (window as AdWindow).__e2eAds)).toBeUndefined();
  });

  test('are not rendered on a public path that mentions the back office', async ({ page, request }) => {
    await openHomeWithAds(page, request);
    await page.goto('/category/backend');
    await expect(page.getByText('分類不存在')).toBeVisible();
    await expect(page.locator('.e2e-ad')).toHaveCount(0);
  });

  test('are neither in nor run on a preview link\'s page, whose address holds its token', async ({ page, request }) => {
    await putSettings(request, { ...AD_SETTINGS, google_adsense_id: 'ca-pub-1234567890123456' });
    const token = await adminToken(request);
    const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title: uniqueName('預覽無廣告'), content: '<p>尚未公開</p>', status: 'draft' } });
    const draft = (await created.json()) as { id: number };
    try {
      const link = (await (await request.post(`/api/articles/admin/${draft.id}/preview-links`, { headers: bearer(token), data: { days: 1 } })).json()) as { path: string };
      const answer = await page.goto(link.path);
      expect(answer?.headers()['referrer-policy']).toBe('no-referrer');
      await expect(page.getByTestId('preview-banner')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.e2e-ad, [data-ad-slot]')).toHaveCount(0);
      expect(await page.evaluate(() => (window as AdWindow).__e2eAds)).toBeUndefined();
      expect(await page.evaluate(() => [...document.scripts].map((script) => script.src).filter((src) => src && new URL(src).origin !== location.origin))).toEqual([]);
    } finally {
      await request.delete(`/api/articles/admin/${draft.id}`, { headers: bearer(token) });
      await putSettings(request, { google_adsense_id: original.google_adsense_id ?? '' });
    }
  });
});
