import { expect, test } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { signInWithToken, uniqueName } from './support/admin-ui';

test('the history panel shows what changed since a revision and restores it as a new one', async ({ page, request }) => {
  const token = await adminToken(request);
  const title = uniqueName('版本紀錄');
  const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title, content: '<p>比特幣是一種貨幣。</p>', status: 'draft' } });
  const article = (await created.json()) as { id: number };
  const updated = await request.put(`/api/articles/admin/${article.id}`, { headers: bearer(token), multipart: { title, content: '<p>比特幣是一種數位貨幣。</p><p>新增的段落。</p>', status: 'draft', version: '1' } });
  expect(updated.status()).toBe(200);

  await signInWithToken(page, request);
  await page.goto(`/admin/articles/edit/${article.id}`);
  const history = page.getByRole('region', { name: '版本紀錄' });
  const items = history.getByRole('listitem');
  await expect(items).toHaveCount(2);

  await items.last().getByRole('button', { name: '比較' }).click();
  const diff = page.getByRole('region', { name: '版本差異' });
  await expect(diff.locator('ins', { hasText: '數位' })).toBeVisible();
  await expect(diff.locator('ins', { hasText: '新增的段落。' })).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await items.last().getByRole('button', { name: '還原' }).click();
  await expect(page.getByText('已還原版本')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '內容' })).toHaveText('比特幣是一種貨幣。');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('還原');

  const saved = await (await request.get(`/api/articles/admin/${article.id}`, { headers: bearer(token) })).json();
  expect(saved).toMatchObject({ content: '<p>比特幣是一種貨幣。</p>', version: 3 });
});
