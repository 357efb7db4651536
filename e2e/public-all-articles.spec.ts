import { expect, test } from '@playwright/test';
import { waitForPublicPage } from './support/site';

test.describe('a visitor paging through all articles', () => {
  test('sees the total, twenty rows a page and a pager', async ({ page, request }) => {
    const { pagination } = await (await request.get('/api/articles?page=1&limit=20')).json();
    expect(pagination.pages).toBeGreaterThan(1);
    await page.goto('/articles');
    await waitForPublicPage(page);
    await expect(page.getByRole('heading', { level: 1, name: '所有文章' })).toBeVisible();
    await expect(page.getByTestId('articles-total')).toHaveText(`共 ${pagination.total} 篇文章`);
    const rows = page.getByTestId('all-articles').getByTestId('article-card');
    await expect(rows).toHaveCount(20);
    await expect(rows.first().getByRole('link', { name: /^閱讀全文/ })).toBeVisible();
    for (const text of await rows.locator('p').allTextContents()) {
      expect(Array.from(text.replace(/\.\.\.$/, '')).length).toBeLessThanOrEqual(200);
      expect(text).not.toMatch(/<[a-z]/i);
    }

    const pager = page.getByRole('navigation', { name: '分頁' });
    await expect(pager.getByRole('button', { name: '上一頁' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: /^\d+$/ })).toHaveCount(Math.min(5, pagination.pages));
    const firstTitle = await rows.first().locator('h2').textContent();

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await pager.getByRole('button', { name: '下一頁' }).click();
    await expect(page).toHaveURL(/\/articles\?page=2$/);
    await expect(pager.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    await expect(rows.first().locator('h2')).not.toHaveText(firstTitle ?? '');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);

    await pager.getByRole('button', { name: String(pagination.pages) }).click();
    await expect(pager.getByRole('button', { name: '下一頁' })).toBeDisabled();
    // Read the total the page shows now: a scheduled demo article may have gone live meanwhile.
    const shownTotal = Number(/共 (\d+) 篇文章/.exec((await page.getByTestId('articles-total').textContent()) ?? '')?.[1]);
    await expect(rows).toHaveCount(shownTotal - (pagination.pages - 1) * 20);
  });
});
