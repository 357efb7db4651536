import { expect, test } from '@playwright/test';
import { ADMIN, adminToken, bearer } from './support/admin-api';
import { SESSION_COOKIE, SESSION_MARK_KEY, TOKEN_KEY, sessionCookie, setSessionCookie, signInWithForm, uniqueName } from './support/admin-ui';

test.describe('the administrator signing in and out', () => {
  test('any admin path shows the login form until signed in, then the dashboard with the real stats', async ({ page, request }) => {
    await page.goto('/admin/articles');
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible();
    await expect(page.getByText('預設帳號：admin')).toBeVisible();
    // Nothing of the public site (its header search box) is on the admin page.
    await expect(page.getByRole('searchbox', { name: '搜尋文章' })).toHaveCount(0);

    // Both fields are required: an empty submit sends nothing.
    await page.getByRole('button', { name: '登入' }).click();
    await expect(page.getByLabel('帳號')).toHaveJSProperty('validity.valueMissing', true);

    await page.getByLabel('帳號').fill(ADMIN.username);
    await page.getByLabel('密碼').fill('not-the-password');
    await page.getByRole('button', { name: '登入' }).click();
    await expect(page.getByText(/^登入失敗/)).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    expect(await sessionCookie(page.context())).toBeUndefined();

    await page.getByLabel('密碼').fill(ADMIN.password);
    await page.getByRole('button', { name: '登入' }).click();
    await expect(page.getByText('登入成功')).toBeVisible();
    await expect(page).toHaveURL('/admin/dashboard');
    // The credential is a cookie no script can read: HttpOnly, SameSite=Strict, in no storage.
    const cookie = await sessionCookie(page.context());
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie!.value.split('.')).toHaveLength(3);
    const visible = await page.evaluate(() => [document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join('\n'));
    expect(visible).not.toContain(cookie!.value);
    expect(visible).not.toContain(SESSION_COOKIE);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // Other journeys may be adding articles meanwhile: the cards show what the stats call answered on this load.
    const cards = page.getByRole('list', { name: '統計' }).getByRole('listitem');
    await expect(cards).toHaveCount(6);
    for (const label of ['已發布', '草稿', '總瀏覽數']) await expect(cards.filter({ hasText: label })).toHaveCount(1);
    const token = await adminToken(request);
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/stats' && res.request().method() === 'GET');
    await page.reload();
    const stats = await (await answered).json();
    await expect(cards.filter({ hasText: '文章總數' })).toContainText(stats.totalArticles.toLocaleString('zh-TW'));
    await expect(cards.filter({ hasText: '分類數' })).toContainText(String(stats.totalCategories));
    await expect(cards.filter({ hasText: '標籤數' })).toContainText(String(stats.totalTags));

    // Recent activity is the real log: the sign-in just made, and an article saved meanwhile,
    // linking to its edit form.
    const activity = page.getByRole('region', { name: '最近活動' });
    const title = uniqueName('最近活動文章');
    const saved = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title, content: '<p>內容</p>', status: 'draft' } });
    expect(saved.status()).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    await page.reload();
    await expect(activity.getByRole('link', { name: title })).toHaveAttribute('href', `/admin/articles/edit/${id}`);
    await expect(activity.getByText('新增文章').first()).toBeVisible();
    await request.delete(`/api/articles/admin/${id}`, { headers: bearer(token) });
    await page.getByRole('link', { name: '管理標籤' }).click();
    await expect(page).toHaveURL('/admin/categories');

    // /admin itself goes to the dashboard once signed in.
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/dashboard');
  });

  test('logging out ends the session on the server, clears the cookie and shows the login form again', async ({ page, request }) => {
    await signInWithForm(page);
    await expect(page).toHaveURL('/admin/dashboard');
    const token = (await sessionCookie(page.context()))!.value;
    expect((await request.get('/api/admin/stats', { headers: bearer(token) })).status()).toBe(200);
    // The screen changes at once; the sign-out call goes on in the background: its answer is awaited, not polled for.
    const signedOut = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/admin/logout' && answer.request().method() === 'POST');
    await page.getByRole('button', { name: '登出' }).click();
    await expect(page.getByText('已登出')).toBeVisible();
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible();
    expect((await signedOut).ok()).toBe(true);
    expect(await sessionCookie(page.context())).toBeUndefined();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_MARK_KEY)).toBeNull();
    // The session is over server-side: its token (copied before) no longer opens anything, from the very next request.
    expect((await request.get('/api/admin/stats', { headers: bearer(token) })).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible();
  });

  test('a session cookie the server refuses is removed and the login form shown', async ({ page }) => {
    await setSessionCookie(page, 'not.a-real.token');
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, '1');
        sessionStorage.setItem('seeded', '1');
      }
    }, SESSION_MARK_KEY);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible();
    expect(await sessionCookie(page.context())).toBeUndefined();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_MARK_KEY)).toBeNull();
  });
});
