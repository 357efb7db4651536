import { expect, test } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { signInWithToken, uniqueName } from './support/admin-ui';

test.describe('nothing typed is lost when the browser closes', () => {
  test('a new article typed mid-sentence comes back after the browser is closed and reopened', async ({ browser, request }) => {
    const first = await browser.newContext();
    const page = await first.newPage();
    await signInWithToken(page, request);
    await page.goto('/admin/articles/new');
    const title = uniqueName('關掉瀏覽器前');
    await page.getByLabel('標題', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: '內容' }).click();
    await page.keyboard.type('這句話只打到一半，就');
    await expect(page.getByTestId('autosave-status')).toHaveText('已保留在這個瀏覽器');
    // The browser's storage survives a closed window or a crash; nothing was saved.
    const storage = await first.storageState();
    await first.close();

    const second = await browser.newContext({ storageState: storage });
    const again = await second.newPage();
    await again.goto('/admin/articles/new');
    const offer = again.getByRole('alert').filter({ hasText: '有一份尚未儲存的內容' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/);
    await again.getByRole('button', { name: '還原內容' }).click();
    await expect(again.getByLabel('標題', { exact: true })).toHaveValue(title);
    await expect(again.getByRole('textbox', { name: '內容' })).toContainText('這句話只打到一半，就');

    const draftKey = await again.evaluate(() => Object.keys(localStorage).find((key) => key.startsWith('admin-draft:new:'))?.slice('admin-draft:new:'.length));
    expect(draftKey).toBeTruthy();
    await again.getByRole('button', { name: '儲存' }).click();
    await expect(again.getByText('文章已儲存')).toBeVisible();
    // Saved: both copies are gone (another journey's unsaved draft may still be offered on a new form).
    expect(await again.evaluate((key) => localStorage.getItem(`admin-draft:new:${key}`), draftKey)).toBeNull();
    const token = await adminToken(request);
    const serverCopy = await (await request.get(`/api/articles/admin/drafts/${draftKey}/autosave`, { headers: bearer(token) })).json();
    expect(serverCopy.autosave).toBeNull();
    await second.close();
  });

  test('an edit left unsaved reaches the server copy and is offered in another browser; the article itself is untouched', async ({ browser, request }) => {
    const token = await adminToken(request);
    const title = uniqueName('伺服器副本');
    const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title, content: '<p>已發布的內文</p>', status: 'draft' } });
    const article = (await created.json()) as { id: number; slug: string };

    const first = await browser.newContext();
    const page = await first.newPage();
    await signInWithToken(page, request);
    await page.goto(`/admin/articles/edit/${article.id}`);
    await page.getByRole('textbox', { name: '內容' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type('，還沒按儲存的補充');
    await expect(page.getByTestId('autosave-status')).toContainText('已自動儲存', { timeout: 15_000 });
    await first.close();

    const stored = await (await request.get(`/api/articles/admin/${article.id}`, { headers: bearer(token) })).json();
    expect(stored).toMatchObject({ content: '<p>已發布的內文</p>', version: 1 });

    const second = await browser.newContext();
    const again = await second.newPage();
    await signInWithToken(again, request);
    await again.goto(`/admin/articles/edit/${article.id}`);
    await expect(again.getByRole('textbox', { name: '內容' })).toContainText('已發布的內文');
    await again.getByRole('button', { name: '還原內容' }).click();
    await expect(again.getByRole('textbox', { name: '內容' })).toContainText('還沒按儲存的補充');
    await second.close();
  });
});
