import { expect, test } from '@playwright/test';
import { acceptNextConfirm, signInWithToken, uniqueName } from './support/admin-ui';

test.describe('the administrator managing categories', () => {
  test('creates, toggles, edits and deletes a category', async ({ page, request }) => {
    const name = uniqueName('分類');
    const renamed = `${name}改`;
    await signInWithToken(page, request);
    await page.goto('/admin/categories');
    await page.getByRole('link', { name: '新增分類' }).first().click();
    await expect(page).toHaveURL('/admin/categories/new');

    // Name is required; the sort order cannot go below 0.
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.locator('#category-name-error')).toHaveText('請輸入名稱');
    await page.getByLabel('名稱').fill(name);
    await page.getByLabel('排序').fill('-1');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByLabel('排序')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/admin/categories/new');

    await page.getByLabel('描述').fill('端對端測試建立的分類');
    await page.getByLabel('排序').fill('7');
    await page.getByLabel('顯示在頁尾連結').check();
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('分類已儲存')).toBeVisible();
    await expect(page).toHaveURL('/admin/categories');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell').nth(1)).toHaveText('端對端測試建立的分類');
    await expect(row.getByRole('cell').nth(2)).toHaveText('啟用');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Footer');
    await expect(row.getByRole('cell').nth(4)).toHaveText('7');

    // Toggle resends the whole category: only is_active changes.
    await row.getByRole('button', { name: `停用「${name}」` }).click();
    await expect(row.getByRole('cell').nth(2)).toHaveText('停用');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Footer');
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(2)).toHaveText('停用');
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: `啟用「${name}」` }).click();
    await expect(page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(2)).toHaveText('啟用');

    // Edit.
    await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: `編輯「${name}」` }).click();
    await expect(page.getByLabel('名稱')).toHaveValue(name);
    await expect(page.getByLabel('顯示在頁尾連結')).toBeChecked();
    await page.getByLabel('名稱').fill(renamed);
    await page.getByLabel('顯示在頁首導覽').check();
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('分類已儲存')).toBeVisible();
    const renamedRow = page.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow.getByRole('cell').nth(3)).toHaveText('HeaderFooter');

    // Delete after the confirm prompt; a category with articles cannot go.
    acceptNextConfirm(page);
    await renamedRow.getByRole('button', { name: `刪除「${renamed}」` }).click();
    await expect(page.getByText('已刪除')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);

    const used = (await (await request.get('/api/articles?limit=1')).json()).articles[0].category_name as string;
    acceptNextConfirm(page);
    await page.getByRole('row').filter({ has: page.getByRole('cell', { name: used, exact: true }) }).getByRole('button', { name: `刪除「${used}」` }).click();
    await expect(page.getByText(/^刪除失敗/)).toBeVisible();
    await expect(page.getByRole('row').filter({ has: page.getByRole('cell', { name: used, exact: true }) })).toHaveCount(1);
  });

  test('an unknown category says it does not exist', async ({ page, request }) => {
    await signInWithToken(page, request);
    await page.goto('/admin/categories/edit/999999');
    await expect(page.getByRole('alert').filter({ hasText: '分類不存在' }).first()).toBeVisible();
  });
});
