import { expect, test } from '@playwright/test';
import { waitForPublicPage } from './support/site';

test.describe('a visitor using the keyboard', () => {
  test('tabs through the page with a visible focus and skips to the content', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要內容' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    await page.keyboard.press('Tab');
    const logo = page.locator('header a').first();
    await expect(logo).toBeFocused();
    const outline = await logo.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');

    // The carousel's arrows and the read-more button are reachable and work from the keyboard.
    const next = page.getByRole('button', { name: '下一則' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('carousel').getByRole('button', { name: /^第 2 則/ })).toHaveAttribute('aria-current', 'true');
    const more = page.getByRole('button', { name: '閱讀更多' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('more-articles').getByTestId('article-card')).toHaveCount(20);
  });

  test('gives every image a text alternative', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    const missingAlt = await page.locator('main img:not([alt])').count();
    expect(missingAlt).toBe(0);
    await expect(page.locator('main img[alt]').first()).toHaveAttribute('alt', /\S/);
  });
});
