import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { SESSION_MARK_KEY, setSessionCookie, signInWithToken, uniqueName } from './support/admin-ui';

/**
 * The back office's session errors of the catalogue (docs/product.md §8), met as the admin meets
 * them: a real 404 from the content service, a session the gateway refuses, a sign-out in another
 * tab. Each asserts the exact text and what happens next.
 */

async function createCategory(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const name = uniqueName('錯誤分類');
  const res = await request.post('/api/categories/admin', {
    headers: bearer(await adminToken(request)),
    data: { name, description: '錯誤目錄測試', is_active: true, show_in_header: false, show_in_footer: false, sort_order: 50 },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, name };
}

test.describe('the admin whose session or article is gone', () => {
  test('opening an article that does not exist for editing says 載入文章失敗, ends the session and shows the login form', async ({ page, request }) => {
    await signInWithToken(page, request);
    await page.goto('/admin/articles/edit/987654321');
    await expect(page.getByText('載入文章失敗', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/admin/login');
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_MARK_KEY)).toBeNull();
  });

  test('a category opened after the session was refused: 驗證失敗，請重新登入 and the login form', async ({ page, request }) => {
    const category = await createCategory(request);
    await signInWithToken(page, request);
    await page.goto('/admin/categories');
    const row = page.getByRole('row').filter({ hasText: category.name });
    await expect(row).toHaveCount(1);

    // The session stops being valid while the list is open (it expired, or was ended elsewhere).
    await setSessionCookie(page, 'expired.or-revoked.token');
    await row.getByRole('link', { name: `編輯「${category.name}」` }).click();
    await expect(page.getByText('驗證失敗，請重新登入', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible();
    await expect(page.getByLabel('名稱')).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_MARK_KEY)).toBeNull();
  });

  test('saving a category with a refused session says the login expired, then shows the login form after 3 seconds', async ({ page, request }) => {
    const category = await createCategory(request);
    await signInWithToken(page, request);
    await page.goto(`/admin/categories/edit/${category.id}`);
    await expect(page.getByLabel('名稱')).toHaveValue(category.name);
    await page.getByLabel('描述').fill('過期後才儲存的描述');

    await setSessionCookie(page, 'expired.or-revoked.token');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('登入已過期，請重新登入', { exact: true })).toBeVisible();
    const shownAt = Date.now();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_MARK_KEY)).toBeNull();
    // The form stays for the redirect delay, then the login form takes over.
    await expect(page.getByLabel('描述')).toHaveValue('過期後才儲存的描述');
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible({ timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
    await expect(page).toHaveURL('/admin/login');

    const stored = (await (await request.get('/api/categories/admin/all', { headers: bearer(await adminToken(request)) })).json()) as { id: number; description: string }[];
    expect(stored.find((row) => row.id === category.id)?.description).toBe('錯誤目錄測試');
  });

  test('saving an article after signing out in another tab says 尚未登入 and keeps the text', async ({ page, request, context }) => {
    const title = uniqueName('登出後的文章');
    await signInWithToken(page, request);
    await page.goto('/admin/articles/new');
    await page.getByLabel('標題', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: '內容' }).click();
    await page.keyboard.type('另一個分頁登出後才按儲存');

    const other = await context.newPage();
    await other.goto('/admin/dashboard');
    await other.getByRole('button', { name: '登出' }).click();
    await expect(other.getByText('已登出', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('尚未登入', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/admin/articles/new');
    await expect(page.getByLabel('標題', { exact: true })).toHaveValue(title);
    const all = (await (await request.get('/api/articles/admin/all?limit=100', { headers: bearer(await adminToken(request)) })).json()) as { articles: { title: string }[] };
    expect(all.articles.map((article) => article.title)).not.toContain(title);
  });
});
