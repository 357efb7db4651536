import { expect, test } from '@playwright/test';
import { bearer } from './support/admin-api';
import { signInWithToken, uniqueName } from './support/admin-ui';
import { waitForPublicPage } from './support/site';

test.describe('the administrator changing site settings', () => {
  test('a footer ad script saved in the settings appears on public pages and never in /admin', async ({ page, request }) => {
    const marker = uniqueName('ad');
    const script = `<div data-e2e-admin-ad="${marker}">贊助 ${marker}</div>`;
    const token = await signInWithToken(page, request);
    await page.goto('/admin/settings');
    for (const label of ['網站標題', '網站描述', 'Google AdSense 發布商 ID', '頁首廣告程式碼', '側邊欄廣告程式碼', '頁尾廣告程式碼']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('說明：廣告程式碼會原樣插入公開頁面，後台頁面不會載入。')).toBeVisible();
    const footer = page.getByLabel('頁尾廣告程式碼', { exact: true });
    const original = await footer.inputValue();
    await footer.fill(script);
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('設定已儲存')).toBeVisible();

    try {
      // The next public page view shows it, and loads no admin code.
      const adminAssets: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/mf/admin/')) adminAssets.push(req.url());
      });
      await page.goto('/');
      await waitForPublicPage(page);
      await expect(page.locator(`[data-e2e-admin-ad="${marker}"]`)).toHaveCount(1);
      expect(adminAssets).toEqual([]);

      // No admin page has it, neither on load nor after moving around the back office.
      await page.goto('/admin/settings');
      await expect(page.getByLabel('頁尾廣告程式碼', { exact: true })).toHaveValue(script);
      await expect(page.locator(`[data-e2e-admin-ad="${marker}"]`)).toHaveCount(0);
      await page.getByRole('link', { name: '儀表板' }).click();
      await expect(page.getByText('文章總數')).toBeVisible();
      await expect(page.locator(`[data-e2e-admin-ad="${marker}"]`)).toHaveCount(0);
    } finally {
      // Only the field this test changed goes back, so a concurrent journey's settings are left alone.
      const res = await request.put('/api/settings/admin', { headers: bearer(token), data: { footer_ad_script: original } });
      expect(res.ok()).toBe(true);
    }
  });
});
