import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { waitForPublicPage } from './support/site';

const AD_SETTINGS = {
  header_ad_script: '<div class="e2e-ad" data-e2e-ad="header">頁首廣告</div><script>window.__e2eAds = (window.__e2eAds || []).concat("header")</script>',
  sidebar_ad_script: '<div class="e2e-ad" data-e2e-ad="sidebar">側欄廣告</div><script>window.__e2eAds = (window.__e2eAds || []).concat("sidebar")</script>',
  footer_ad_script: '<div class="e2e-ad" data-e2e-ad="footer">頁尾廣告</div><script>window.__e2eAds = (window.__e2eAds || []).concat("footer")</script>',
};

let original: Record<string, string> = {};

async function putSettings(request: APIRequestContext, values: Record<string, string>) {
  const token = await adminToken(request);
  const res = await request.put('/api/settings/admin', { headers: bearer(token), data: values });
  expect(res.ok(), `saving settings answered ${res.status()}`).toBe(true);
}

test.describe('ads from the site settings', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    original = await (await request.get('/api/settings/admin', { headers: bearer(token) })).json();
    await putSettings(request, AD_SETTINGS);
  });

  test.afterAll(async ({ request }) => {
    await putSettings(request, {
      header_ad_script: original.header_ad_script ?? '',
      sidebar_ad_script: original.sidebar_ad_script ?? '',
      footer_ad_script: original.footer_ad_script ?? '',
    });
  });

  test('are injected on the home page with their scripts run', async ({ page }) => {
    // The server may hold the settings for a few seconds; reload until the new ones arrive.
    await expect(async () => {
      await page.goto('/');
      await waitForPublicPage(page);
      await expect(page.locator('[data-e2e-ad="header"]')).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator('[data-e2e-ad="sidebar"]')).toHaveCount(1);
    await expect(page.locator('[data-e2e-ad="footer"]')).toHaveCount(1);
    await expect(page.locator('[data-ad-slot="header"]')).toContainText('廣告');
    await expect.poll(() => page.evaluate(() => ((window as unknown as { __e2eAds?: string[] }).__e2eAds ?? []).sort())).toEqual(['footer', 'header', 'sidebar']);
  });

  test('are neither shown nor run under /admin, even after client-side navigation', async ({ page }) => {
    await page.goto('/admin');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.e2e-ad')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __e2eAds?: string[] }).__e2eAds)).toBeUndefined();

    await expect(async () => {
      await page.goto('/');
      await waitForPublicPage(page);
      await expect(page.locator('[data-e2e-ad="header"]')).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.evaluate(() => {
      history.pushState({}, '', '/admin/dashboard');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.e2e-ad')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __e2eAds?: string[] }).__e2eAds)).toBeUndefined();
  });

  test('are not rendered on a public path that mentions the back office', async ({ page }) => {
    await page.goto('/category/backend');
    await expect(page.getByText('分類不存在')).toBeVisible();
    await expect(page.locator('.e2e-ad')).toHaveCount(0);
  });
});
