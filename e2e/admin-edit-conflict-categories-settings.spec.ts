import { expect, test, type Browser, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { signInWithToken, uniqueName } from './support/admin-ui';

/** Two signed-in pages, as two tabs or two devices. */
async function twoPages(browser: Browser, request: APIRequestContext): Promise<[Page, Page]> {
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const pageA = await first.newPage();
  const pageB = await second.newPage();
  await signInWithToken(pageA, request);
  await signInWithToken(pageB, request);
  return [pageA, pageB];
}

test('two pages save the same category: the second is told of the conflict, keeps its text, and nothing is overwritten', async ({ browser, request }) => {
  const token = await adminToken(request);
  const name = uniqueName('衝突分類');
  const created = await request.post('/api/categories/admin', { data: { name }, headers: bearer(token) });
  const category = (await created.json()) as { id: number };
  const [pageA, pageB] = await twoPages(browser, request);
  for (const page of [pageA, pageB]) {
    await page.goto(`/admin/categories/edit/${category.id}`);
    await expect(page.getByLabel('名稱')).toHaveValue(name);
  }
  await pageA.getByLabel('名稱').fill(`${name} 甲`);
  await pageA.getByRole('button', { name: '儲存' }).click();
  await expect(pageA.getByText('分類已儲存')).toBeVisible();

  await pageB.getByLabel('名稱').fill(`${name} 乙`);
  await pageB.getByRole('button', { name: '儲存' }).click();
  await expect(pageB.getByText('這個分類已在其他分頁或裝置更新，這次儲存沒有覆蓋它。請重新載入後再編輯。')).toBeVisible();
  await expect(pageB.getByLabel('名稱')).toHaveValue(`${name} 乙`);
  const stored = await (await request.get(`/api/categories/admin/${category.id}`, { headers: bearer(token) })).json();
  expect(stored).toMatchObject({ name: `${name} 甲` });
  await Promise.all([pageA.context().close(), pageB.context().close()]);
});

test('two pages save the settings: the second is told of the conflict, keeps its text, and nothing is overwritten', async ({ browser, request }) => {
  const token = await adminToken(request);
  const before = (await (await request.get('/api/settings/admin', { headers: bearer(token) })).json()) as { site_description: string };
  const [pageA, pageB] = await twoPages(browser, request);
  for (const page of [pageA, pageB]) {
    await page.goto('/admin/settings');
    await expect(page.getByLabel('網站描述')).toHaveValue(before.site_description);
  }
  const marker = uniqueName('描述');
  await pageA.getByLabel('網站描述').fill(`${before.site_description}（甲 ${marker}）`);
  await pageA.getByRole('button', { name: '儲存' }).click();
  await expect(pageA.getByText('設定已儲存')).toBeVisible();

  await pageB.getByLabel('網站描述').fill(`${before.site_description}（乙 ${marker}）`);
  await pageB.getByRole('button', { name: '儲存' }).click();
  await expect(pageB.getByText('網站設定已在其他分頁或裝置更新，這次儲存沒有覆蓋它。請重新載入後再編輯。')).toBeVisible();
  await expect(pageB.getByLabel('網站描述')).toHaveValue(`${before.site_description}（乙 ${marker}）`);
  const stored = (await (await request.get('/api/settings/admin', { headers: bearer(token) })).json()) as { site_description: string; version: number };
  expect(stored.site_description).toBe(`${before.site_description}（甲 ${marker}）`);

  // Put the description back for the other journeys.
  const restored = await request.put('/api/settings/admin', { data: { site_description: before.site_description, version: stored.version }, headers: bearer(token) });
  expect(restored.ok()).toBe(true);
  await Promise.all([pageA.context().close(), pageB.context().close()]);
});
