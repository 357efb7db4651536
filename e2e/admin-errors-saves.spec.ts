import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_MESSAGES } from '../packages/contracts/src/messages';
import { adminToken, bearer } from './support/admin-api';
import { SESSION_MARK_KEY, signInWithToken, uniqueName } from './support/admin-ui';
import { startFaultyContent, startGatewayOver, type FaultyContent } from './support/faulty-content';

/**
 * Failed loads and saves in the back office (docs/product.md §8) as the admin meets them: the
 * content service answering errors (a real server in front of the real one answers them), the
 * browser's network gone, another tab's edit winning. Exact texts, and what the screen does next.
 */

const BROKEN_UPSTREAM = '<html><body><h1>502 Bad Gateway</h1></body></html>';

async function createCategory(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const name = uniqueName('存檔錯誤分類');
  const res = await request.post('/api/categories/admin', {
    headers: bearer(await adminToken(request)),
    data: { name, description: '存檔錯誤測試', is_active: true, show_in_header: false, show_in_footer: false, sort_order: 51 },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, name };
}

async function storedCategory(request: APIRequestContext, id: number): Promise<{ id: number; description: string; is_active: boolean; version: number }> {
  const res = await request.get(`/api/categories/admin/${id}`, { headers: bearer(await adminToken(request)) });
  expect(res.ok()).toBe(true);
  return res.json();
}

test.describe('the admin while the content service fails', () => {
  test.describe.configure({ mode: 'serial' });
  let content: FaultyContent;
  let gateway: { base: string; stop: () => Promise<void> };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    content = await startFaultyContent([
      { method: 'PUT', path: /^\/api\/categories\/admin\/\d+$/, answer: { status: 500, json: { error: API_MESSAGES.serverError } } },
      { method: 'GET', path: /^\/api\/articles\/admin\/\d+$/, answer: { status: 502, text: BROKEN_UPSTREAM } },
    ]);
    gateway = await startGatewayOver(content.url);
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await content?.close();
  });

  test('a category save the service fails with 500 says 伺服器錯誤… and keeps the form', async ({ page, request }) => {
    const category = await createCategory(request);
    await signInWithToken(page, request);
    await page.goto(`${gateway.base}/admin/categories/edit/${category.id}`);
    await expect(page.getByLabel('名稱')).toHaveValue(category.name);
    await page.getByLabel('描述').fill('伺服器出錯時的描述');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('伺服器錯誤，請稍後再試或聯繫管理員', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${gateway.base}/admin/categories/edit/${category.id}`);
    await expect(page.getByLabel('描述')).toHaveValue('伺服器出錯時的描述');
    // Still signed in: the save button works again.
    await expect(page.getByRole('button', { name: '儲存' })).toBeEnabled();
    expect(content.answered(new RegExp(`^/api/categories/admin/${category.id}$`))).toHaveLength(1);
    expect((await storedCategory(request, category.id)).description).toBe('存檔錯誤測試');
  });

  test('an article that cannot be loaded for editing says 載入文章失敗 and the admin stays signed in', async ({ page, request }) => {
    const list = (await (await request.get('/api/articles/admin/all?limit=1', { headers: bearer(await adminToken(request)) })).json()) as { articles: { id: number }[] };
    const id = list.articles[0]!.id;
    await signInWithToken(page, request);
    await page.goto(`${gateway.base}/admin/articles/edit/${id}`);
    await expect(page.getByText('載入文章失敗', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${gateway.base}/admin/articles/edit/${id}`);
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_MARK_KEY)).toBe('1');
  });
});

test.describe('the admin toggling a category that cannot be updated', () => {
  test('with the network gone the toggle says 更新失敗 and the row keeps its state', async ({ page, request, context }) => {
    const category = await createCategory(request);
    await signInWithToken(page, request);
    await page.goto('/admin/categories');
    const row = page.getByRole('row').filter({ hasText: category.name });
    await expect(row.getByRole('cell').nth(2)).toHaveText('啟用');

    await context.setOffline(true);
    try {
      await row.getByRole('button', { name: `停用「${category.name}」` }).click();
      await expect(page.getByText('更新失敗', { exact: true })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await expect(row.getByRole('cell').nth(2)).toHaveText('啟用');
    expect((await storedCategory(request, category.id)).is_active).toBe(true);
  });

  test('after another tab changed it the toggle says 更新失敗 with the reason, and nothing is overwritten', async ({ page, request }) => {
    const category = await createCategory(request);
    await signInWithToken(page, request);
    await page.goto('/admin/categories');
    const row = page.getByRole('row').filter({ hasText: category.name });
    await expect(row.getByRole('cell').nth(2)).toHaveText('啟用');

    // Another tab saves the category meanwhile (its version moves on).
    const current = await storedCategory(request, category.id);
    const other = await request.put(`/api/categories/admin/${category.id}`, {
      headers: bearer(await adminToken(request)),
      data: { name: category.name, description: '另一個分頁改的', is_active: true, show_in_header: false, show_in_footer: false, sort_order: 51, version: current.version },
    });
    expect(other.ok()).toBe(true);

    await row.getByRole('button', { name: `停用「${category.name}」` }).click();
    await expect(page.getByText(`更新失敗：${API_MESSAGES.categoryConflict}`, { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('啟用');
    const stored = await storedCategory(request, category.id);
    expect(stored.is_active).toBe(true);
    expect(stored.description).toBe('另一個分頁改的');
  });
});
