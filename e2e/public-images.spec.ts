import { expect, test } from '@playwright/test';
import { waitForPublicPage } from './support/site';

test.describe('images that fail to load', () => {
  test('hide themselves and mark their container failed', async ({ page }) => {
    const list = (await (await page.request.get('/api/articles?page=1&limit=20')).json()).articles as { featured_image: string | null }[];
    const broken = list.find((a) => a.featured_image?.startsWith('/uploads/'))!.featured_image!;
    const stem = broken.slice('/uploads/'.length).replace(/\.[a-z]+$/i, '');
    await page.route(`**/uploads/${stem}*`, (route) => route.abort());
    await page.goto('/articles');
    await waitForPublicPage(page);
    const failed = page.locator('[data-image-failed="true"]');
    await expect(failed.first()).toBeVisible();
    await expect(failed.first().locator('img')).toHaveCount(0);
    // Images that did load keep their width and height (no layout shift) and their alt text.
    const loaded = page.getByTestId('all-articles').locator('img').first();
    await expect(loaded).toHaveAttribute('width', /\d+/);
    await expect(loaded).toHaveAttribute('height', /\d+/);
    await expect(loaded).toHaveAttribute('alt', /.+/);
  });

  test('give way to a letter tile when the logo fails', async ({ page }) => {
    await page.route('**/mf/shell/brand/logo.svg', (route) => route.abort());
    await page.goto('/');
    await waitForPublicPage(page);
    await expect(page.getByTestId('logo-letter')).toBeVisible();
  });
});
