import { expect, test } from '@playwright/test';
import { waitForPublicPage } from './support/site';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test.describe('a visitor on a phone', () => {
  test('opens the menu, picks a category and the menu closes', async ({ page, request }) => {
    const header = (await (await request.get('/api/categories/header')).json()) as { name: string; slug: string }[];
    const category = header[1] ?? header[0]!;
    await page.goto('/');
    await waitForPublicPage(page);
    await expect(page.getByRole('navigation', { name: '主要分類' })).toBeHidden();
    const toggle = page.getByRole('button', { name: '選單' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByTestId('mobile-menu');
    await expect(menu.getByRole('searchbox', { name: '搜尋文章' })).toBeVisible();
    await menu.getByRole('link', { name: category.name }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
  });

  test('fits every page into a 360 px wide phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const [latest] = (await (await request.get('/api/articles/latest?limit=1')).json()) as { slug: string }[];
    for (const path of ['/', '/articles', `/article/${latest!.slug}`, '/category/popular', `/search?q=${encodeURIComponent('比特幣')}`]) {
      await page.goto(path);
      await waitForPublicPage(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
