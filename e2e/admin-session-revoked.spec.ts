import { expect, test } from '@playwright/test';
import { ADMIN, bearer } from './support/admin-api';
import { uniqueName } from './support/admin-ui';
import { changePasswordThroughApi, currentCredentials } from './support/password';

test('a session ended while writing keeps the text: sign in again and the form comes back with it, and saves', async ({ page, request }) => {
  const { password, token } = await currentCredentials(request);
  const title = uniqueName('過期時的文章');
  const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title, content: '<p>開頭</p>', status: 'draft' } });
  const article = (await created.json()) as { id: number };

  await page.goto(`/admin/articles/edit/${article.id}`);
  await page.getByLabel('帳號').fill(ADMIN.username);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
  await page.goto(`/admin/articles/edit/${article.id}`);
  await expect(page.getByLabel('標題', { exact: true })).toHaveValue(title);
  await page.getByRole('textbox', { name: '內容' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type('，寫到一半登入就被撤銷了');

  // Another device changes the password: every older token is revoked on the server.
  const next = await changePasswordThroughApi(request, token, password);
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('登入已過期，請重新登入')).toBeVisible();
  await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible({ timeout: 6_000 });
  await expect(page).toHaveURL('/admin/login');

  await page.getByLabel('帳號').fill(ADMIN.username);
  await page.getByLabel('密碼').fill(next);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(`/admin/articles/edit/${article.id}`);
  await expect(page.getByText('已還原登入前輸入的內容')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '內容' })).toContainText('寫到一半登入就被撤銷了');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('文章已儲存')).toBeVisible();

  const { token: fresh } = await currentCredentials(request);
  const saved = await (await request.get(`/api/articles/admin/${article.id}`, { headers: bearer(fresh) })).json();
  expect(saved.content).toContain('寫到一半登入就被撤銷了');
});
