import { expect, test } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
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

test('a failed sign-in with its address, a sign-out, and paging through the log', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto('/admin');
  await page.getByLabel('帳號').fill('admin');
  await page.getByLabel('密碼').fill('not-the-password');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page.getByText('帳號或密碼錯誤')).toBeVisible();
  await signInWithForm(page);
  await page.getByRole('button', { name: '登出' }).click();
  await expect(page.getByText('已登出')).toBeVisible();
  await signInWithForm(page);

  await page.goto('/admin/activity?kind=auth');
  const rows = page.getByRole('table').getByRole('row');
  const failed = rows.filter({ hasText: '帳號登入失敗' }).first();
  await expect(failed).toContainText('admin');
  await expect(failed).toContainText(/127\.0\.0\.1/);
  await expect(rows.filter({ hasText: '登出' }).first()).toContainText(/127\.0\.0\.1/);

  // More category entries than one page holds: the pager walks them without repeats.
  const token = await adminToken(request);
  const prefix = uniqueName('分頁');
  for (let n = 1; n <= 21; n++) {
    const res = await request.post('/api/categories/admin', { data: { name: `${prefix}-${n}` }, headers: bearer(token) });
    expect(res.status()).toBe(201);
  }
  await page.goto('/admin/activity?kind=category');
  const pager = page.getByRole('navigation', { name: '分頁' });
  await expect(pager).toContainText(/第 1 \/ \d+ 頁/);
  await expect(pager.getByRole('button', { name: '上一頁' })).toBeDisabled();
  const firstPage = await page.getByRole('table').locator('tbody tr').allTextContents();
  expect(firstPage).toHaveLength(20);
  expect(firstPage[0]).toContain(`${prefix}-21`);
  await pager.getByRole('button', { name: '下一頁' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText(/第 2 \/ \d+ 頁/);
  await expect(page.getByRole('table').locator('tbody tr').first()).toContainText(`${prefix}-1`);
  const secondPage = await page.getByRole('table').locator('tbody tr').allTextContents();
  expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);
});
