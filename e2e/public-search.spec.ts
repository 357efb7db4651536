import { expect, test } from '@playwright/test';
import { afterNextPaint, waitForPublicPage } from './support/site';

test.describe('a visitor searching', () => {
  test('searches for a Chinese term from the header', async ({ page, request }) => {
    const term = '比特幣';
    const expected = (await (await request.get(`/api/articles?search=${encodeURIComponent(term)}&limit=20`)).json()).pagination.total;
    expect(expected).toBeGreaterThan(0);
    await page.goto('/');
    await waitForPublicPage(page);
    const box = page.getByRole('searchbox', { name: '搜尋文章' }).first();
    await expect(box).toHaveAttribute('placeholder', '搜尋文章');
    await box.fill(`  ${term} `);
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent(term)}`);
    await expect(page.getByRole('heading', { level: 1, name: `「${term}」的搜尋結果` })).toBeVisible();
    await expect(page.getByTestId('search-count')).toHaveText(`找到 ${expected} 篇文章`);
    const rows = page.getByTestId('search-results').getByTestId('article-card');
    await expect(rows).toHaveCount(Math.min(20, expected));
    for (const text of await rows.locator('p').allTextContents()) expect(Array.from(text.replace(/\.\.\.$/, '')).length).toBeLessThanOrEqual(150);
  });

  test('ignores a whitespace-only term', async ({ page }) => {
    await page.goto('/articles');
    await waitForPublicPage(page);
    const box = page.getByRole('searchbox', { name: '搜尋文章' }).first();
    await box.fill('   ');
    await box.press('Enter');
    // A search would have navigated by the next paint.
    await afterNextPaint(page);
    await expect(page).toHaveURL(/\/articles$/);
  });

  test('asks for keywords without a term and says when nothing matches', async ({ page }) => {
    await page.goto('/search');
    await expect(page.getByText('請在上方搜尋框輸入關鍵字')).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent('完全不存在的字詞zzqx')}`);
    await expect(page.getByText('找不到相關文章')).toBeVisible();
    await page.getByRole('link', { name: '返回首頁' }).click();
    await expect(page.getByRole('heading', { name: '最新文章' })).toBeVisible();
  });
});
