import { expect, test } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { signInWithToken, uniqueName } from './support/admin-ui';

test('two pages save the same article: the second is told of the conflict and loses nothing', async ({ browser, request }) => {
  const token = await adminToken(request);
  const title = uniqueName('兩個分頁');
  const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title, content: '<p>原本的內文</p>', status: 'draft' } });
  const article = (await created.json()) as { id: number };

  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const pageA = await first.newPage();
  const pageB = await second.newPage();
  await signInWithToken(pageA, request);
  await signInWithToken(pageB, request);
  await pageA.goto(`/admin/articles/edit/${article.id}`);
  await pageB.goto(`/admin/articles/edit/${article.id}`);
  await expect(pageA.getByLabel('標題', { exact: true })).toHaveValue(title);
  await expect(pageB.getByLabel('標題', { exact: true })).toHaveValue(title);

  await pageA.getByLabel('標題', { exact: true }).fill(`${title} 甲`);
  await pageA.getByRole('button', { name: '儲存' }).click();
  await expect(pageA.getByText('文章已儲存')).toBeVisible();

  await pageB.getByLabel('標題', { exact: true }).fill(`${title} 乙`);
  await pageB.getByRole('textbox', { name: '內容' }).click();
  await pageB.keyboard.press('End');
  await pageB.keyboard.type('乙分頁寫的句子');
  await pageB.getByRole('button', { name: '儲存' }).click();
  await expect(pageB.getByText('這篇文章已在其他分頁或裝置更新')).toBeVisible();
  // Nothing lost: page B still holds its text, the article holds page A's, and B's is in the history.
  await expect(pageB).toHaveURL(`/admin/articles/edit/${article.id}`);
  await expect(pageB.getByLabel('標題', { exact: true })).toHaveValue(`${title} 乙`);
  await expect(pageB.getByRole('textbox', { name: '內容' })).toContainText('乙分頁寫的句子');
  const saved = await (await request.get(`/api/articles/admin/${article.id}`, { headers: bearer(token) })).json();
  expect(saved).toMatchObject({ title: `${title} 甲`, version: 2 });
  const history = await (await request.get(`/api/articles/admin/${article.id}/revisions`, { headers: bearer(token) })).json();
  expect(history.revisions.find((revision: { kind: string }) => revision.kind === 'conflict')).toMatchObject({ title: `${title} 乙` });
  await first.close();
  await second.close();
});
