import { expect, test } from '@playwright/test';
import { SESSION_MARK_KEY, sessionCookie, setSessionCookie, signInWithToken } from './support/admin-ui';

test.describe('a session that expires mid-edit', () => {
  test('saving with a refused token says the login expired, clears it and shows the login form after 3 seconds', async ({ page, request }) => {
    await signInWithToken(page, request);
    await page.goto('/admin/articles/new');
    await page.getByLabel('標題', { exact: true }).fill('過期前寫的文章');
    await page.getByRole('textbox', { name: '內容' }).click();
    await page.keyboard.type('內文');

    // The session stops being valid while the form is open (as when it expires).
    await setSessionCookie(page, 'expired.or-revoked.token');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('登入已過期，請重新登入')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_MARK_KEY)).toBeNull();
    expect(await sessionCookie(page.context())).toBeUndefined();
    const shownAt = Date.now();

    // The form stays for the redirect delay, then the login form takes over.
    await expect(page.getByLabel('標題', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '管理後台登入' })).toBeVisible({ timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
    await expect(page).toHaveURL('/admin/login');
  });
});
