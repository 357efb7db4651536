import { expect, test } from '@playwright/test';
import { ADMIN } from './support/admin-api';
import { currentCredentials, nextPassword } from './support/password';

test('changing the password on the account page signs every other page out', async ({ browser, request }) => {
  const { password } = await currentCredentials(request);
  const next = nextPassword(password);
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const pageA = await first.newPage();
  const pageB = await second.newPage();
  for (const page of [pageA, pageB]) {
    await page.goto('/admin');
    await page.getByLabel('帳號').fill(ADMIN.username);
    await page.getByLabel('密碼').fill(password);
    await page.getByRole('button', { name: '登入' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
  }

  await pageA.getByRole('link', { name: '帳號設定' }).click();
  await pageA.getByLabel('目前密碼').fill(password);
  await pageA.getByLabel('新密碼', { exact: true }).fill('short');
  const rules = pageA.getByRole('list', { name: '新密碼規則' });
  await expect(rules.getByText('至少 10 個字元')).toHaveAttribute('data-met', 'false');
  await pageA.getByLabel('新密碼', { exact: true }).fill(next);
  await pageA.getByLabel('再次輸入新密碼').fill(`${next}x`);
  await pageA.getByRole('button', { name: '變更密碼' }).click();
  await expect(pageA.getByText('兩次輸入的新密碼不一致')).toBeVisible();
  await pageA.getByLabel('再次輸入新密碼').fill(next);
  await expect(rules.getByRole('listitem').and(pageA.locator('[data-met="false"]'))).toHaveCount(0);
  await pageA.getByRole('button', { name: '變更密碼' }).click();
  await expect(pageA.getByText('密碼已更新，其他已登入的頁面與裝置都已登出')).toBeVisible();

  // The other page is signed out as soon as it is looked at again.
  await pageB.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(pageB.getByRole('heading', { name: '管理後台登入' })).toBeVisible();
  // This page goes on, with the new session.
  await pageA.reload();
  await expect(pageA.getByRole('heading', { name: '帳號設定' })).toBeVisible();
  expect((await request.post('/api/admin/login', { data: { username: ADMIN.username, password } })).status()).toBe(401);
  expect((await request.post('/api/admin/login', { data: { username: ADMIN.username, password: next } })).status()).toBe(200);
  await first.close();
  await second.close();
});
