import { expect, test } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { waitForPublicPage } from './support/site';

test.describe('a visitor browsing categories', () => {
  test('opens a category from the header and sees its cards', async ({ page, request }) => {
    const header = (await (await request.get('/api/categories/header')).json()) as { name: string; slug: string }[];
    const category = header[0]!;
    const expected = (await (await request.get(`/api/articles?category=${category.slug}&limit=12`)).json()).articles.length;
    await page.goto('/');
    await waitForPublicPage(page);
    await page.getByRole('navigation', { name: '主要分類' }).getByRole('link', { name: category.name }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    const cards = page.getByTestId('category-articles').getByTestId('article-card');
    await expect(cards).toHaveCount(Math.min(12, expected));
    await expect(cards.first()).toContainText(/次瀏覽/);
    await expect(cards.first().getByRole('link', { name: /^閱讀更多/ })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${category.name} \\| `));
  });

  test('lists popular and latest articles under their special slugs', async ({ page }) => {
    await page.goto('/category/popular');
    await expect(page.getByRole('heading', { level: 1, name: '熱門文章' })).toBeVisible();
    await expect(page.getByTestId('category-articles').getByTestId('article-card')).toHaveCount(12);
    await page.goto('/category/latest');
    await expect(page.getByRole('heading', { level: 1, name: '最新文章' })).toBeVisible();
    await expect(page.getByTestId('category-articles').getByTestId('article-card')).toHaveCount(12);
  });

  test('says an unknown category does not exist', async ({ page }) => {
    await page.goto('/category/no-such-category-e2e');
    await expect(page.getByText('分類不存在')).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首頁' })).toBeVisible();
  });

  test('says a category without articles has none yet', async ({ page, request }) => {
    const token = await adminToken(request);
    const created = await request.post('/api/categories/admin', {
      headers: bearer(token),
      data: { name: `E2E 空分類 ${Date.now()}`, description: '沒有文章的分類', is_active: true, show_in_header: false, show_in_footer: false, sort_order: 99 },
    });
    expect(created.ok(), `creating the category answered ${created.status()}`).toBe(true);
    const category = (await created.json()) as { id: number; slug: string; name: string };
    try {
      await page.goto(`/category/${category.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
      await expect(page.getByText('沒有文章的分類')).toBeVisible();
      await expect(page.getByText('暫無文章')).toBeVisible();
    } finally {
      await request.delete(`/api/categories/admin/${category.id}`, { headers: bearer(token) });
    }
  });
});
