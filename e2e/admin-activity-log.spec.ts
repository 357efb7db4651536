import { expect, test } from '@playwright/test';
import { signInWithForm, uniqueName } from './support/admin-ui';

test('the dashboard and the activity page show what was just done', async ({ page }) => {
  await signInWithForm(page);
  const name = uniqueName('紀錄分類');
  await page.goto('/admin/categories/new');
  await page.getByLabel('名稱').fill(name);
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('分類已儲存')).toBeVisible();

  const title = uniqueName('紀錄文章');
  await page.goto('/admin/articles/new');
  await page.getByLabel('標題', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: '內容' }).click();
  await page.keyboard.type('內容');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('文章已儲存')).toBeVisible();

  await page.goto('/admin/dashboard');
  const recent = page.getByRole('region', { name: '最近活動' });
  await expect(recent.getByRole('listitem').filter({ hasText: `新增文章：${title}` })).toBeVisible();
  await expect(recent.getByRole('listitem').filter({ hasText: `新增分類：${name}` })).toBeVisible();
  await expect(recent.getByRole('link', { name: title })).toHaveAttribute('href', /^\/admin\/articles\/edit\/\d+$/);

  await recent.getByRole('link', { name: '查看全部紀錄' }).click();
  await expect(page).toHaveURL('/admin/activity');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: '帳號登入' }).first()).toBeVisible();
  await page.getByLabel('類型').selectOption({ label: '文章' });
  await expect(page).toHaveURL(/kind=article/);
  await expect(rows.filter({ hasText: title }).first()).toBeVisible();
  await expect(rows.filter({ hasText: '帳號登入' })).toHaveCount(0);
  await expect(rows.filter({ hasText: name })).toHaveCount(0);

  const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
  await page.getByLabel('開始日期').fill(tomorrow);
  await expect(page.getByText('沒有符合條件的紀錄')).toBeVisible();
});
