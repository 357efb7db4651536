import { expect, test, type Page } from '@playwright/test';
import { acceptNextConfirm, pngImage, signInWithToken, uniqueName } from './support/admin-ui';
import { waitForPublicPage } from './support/site';

/** Opens a public page and checks it at once: a page is exactly as fresh as the API after a save. */
async function openPublic(page: Page, path: string, check: () => Promise<void>) {
  await page.goto(path);
  await waitForPublicPage(page);
  await check();
}

test.describe('the administrator publishing an article', () => {
  test('writes an article with a cover, an inserted image, headings and a link, publishes it, unpublishes it, features it and deletes it', async ({ page, context, request }) => {
    test.setTimeout(150_000);
    const marker = uniqueName('e2e');
    const title = `測試文章 ${marker}`;
    await signInWithToken(page, request);
    await page.goto('/admin/articles/new');

    const form = page.getByRole('form', { name: '新增文章' });
    await form.getByLabel('標題', { exact: true }).fill(title);

    // Cover: picked, previewed locally.
    await page.getByLabel('選擇封面圖片').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngImage(120, 63, [200, 120, 20]) });
    await expect(page.getByRole('img', { name: '封面預覽' })).toHaveAttribute('src', /^data:image\/png;base64,/);

    // Content: a heading, a paragraph with a link, an uploaded image.
    const editor = page.getByRole('textbox', { name: '內容' });
    await editor.click();
    await page.getByRole('button', { name: '標題 2' }).click();
    await page.keyboard.type(`小節 ${marker}`);
    await page.keyboard.press('Enter');
    await page.keyboard.type('這是測試內文，請參考');
    await page.getByRole('button', { name: '連結' }).click();
    const linkDialog = page.getByRole('dialog', { name: '插入連結' });
    await linkDialog.getByLabel('連結網址').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: '確定' }).click();
    await expect(linkDialog.getByRole('alert')).toContainText('http');
    await linkDialog.getByLabel('連結網址').fill('https://example.com/guide');
    await linkDialog.getByLabel('連結網址').press('Enter');
    await expect(linkDialog).toBeHidden();
    await expect(editor.locator('a[href="https://example.com/guide"]')).toHaveCount(1);

    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '插入圖片' }).click();
    await (await chooser).setFiles({ name: 'chart.png', mimeType: 'image/png', buffer: pngImage(300, 200, [20, 90, 200]) });
    await expect(page.getByText('圖片已插入')).toBeVisible();
    await expect(editor.locator('img')).toHaveAttribute('src', /\/uploads\/[0-9a-f]{32}\.png$/);

    // Side panel: slug normalised live, tags with their two messages, published.
    await page.getByLabel('網址代稱').fill(`  E2E ${marker} Post!! `);
    await page.getByLabel('網址代稱').blur();
    const slug = `e2e-${marker.toLowerCase()}-post`;
    await expect(page.getByLabel('網址代稱')).toHaveValue(slug);
    const tagInput = page.getByLabel('標籤', { exact: true });
    await tagInput.press('Enter');
    await expect(page.getByText('標籤不能為空')).toBeVisible();
    await tagInput.fill(`標籤${marker}`);
    await tagInput.press('Enter');
    await tagInput.fill(`標籤${marker}`);
    await tagInput.press('Enter');
    await expect(page.getByText('標籤已存在')).toBeVisible();
    await tagInput.fill('測試');
    await tagInput.press('Enter');
    await expect(page.getByRole('list', { name: '已加入的標籤' }).getByRole('listitem')).toHaveCount(2);
    await page.getByLabel('分類', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('狀態', { exact: true }).selectOption({ label: '已發布' });
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('文章已儲存')).toBeVisible();
    await expect(page).toHaveURL('/admin/articles');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('已發布');

    // The public site: home, the article page and search all show it.
    await openPublic(page, '/', async () => {
      await expect(page.getByTestId('latest-articles')).toContainText(title, { timeout: 1_000 });
    });
    await openPublic(page, `/article/${encodeURIComponent(slug)}`, async () => {
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 1_000 });
    });
    const content = page.getByTestId('article-content');
    await expect(content.getByRole('heading', { level: 2, name: `小節 ${marker}` })).toBeVisible();
    await expect(content.getByRole('link', { name: 'https://example.com/guide' }).or(content.locator('a[href="https://example.com/guide"]')).first()).toBeVisible();
    await expect(content.locator('img[src*="/uploads/"]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: `#標籤${marker}` })).toBeVisible();
    await openPublic(page, `/search?q=${encodeURIComponent(marker)}`, async () => {
      await expect(page.getByTestId('search-results')).toContainText(title, { timeout: 1_000 });
    });

    // Preview from the list opens the public article in a new tab.
    await page.goto('/admin/articles');
    const popup = context.waitForEvent('page');
    await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: `預覽「${title}」` }).click();
    const publicTab = await popup;
    await expect(publicTab).toHaveURL(`/article/${encodeURIComponent(slug)}`);
    await publicTab.close();

    // Back to draft: it vanishes from the public site; the saved cover is kept.
    await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: `編輯「${title}」` }).click();
    await expect(page.getByLabel('標題', { exact: true })).toHaveValue(title);
    await expect(page.getByRole('img', { name: '封面預覽' })).toHaveAttribute('src', /\/uploads\//);
    await expect(page.getByRole('textbox', { name: '內容' }).locator('h2')).toHaveText(`小節 ${marker}`);
    await page.getByLabel('狀態', { exact: true }).selectOption({ label: '草稿' });
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('文章已儲存')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('草稿');
    await openPublic(page, `/article/${encodeURIComponent(slug)}`, async () => {
      await expect(page.getByText('文章不存在')).toBeVisible({ timeout: 1_000 });
    });
    await openPublic(page, `/search?q=${encodeURIComponent(marker)}`, async () => {
      await expect(page.getByText('找不到相關文章')).toBeVisible({ timeout: 1_000 });
    });

    // Featured and in the carousel, published again.
    await page.goto('/admin/articles');
    await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: `編輯「${title}」` }).click();
    await expect(page.getByLabel('標題', { exact: true })).toHaveValue(title);
    await page.getByLabel('狀態', { exact: true }).selectOption({ label: '已發布' });
    await page.getByRole('radio', { name: '熱門' }).check();
    await page.getByRole('radio', { name: '精選' }).check();
    await expect(page.getByRole('radio', { name: '熱門' })).not.toBeChecked();
    await page.getByLabel('加入輪播').check();
    await page.getByLabel('輪播順序').fill('1');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('文章已儲存')).toBeVisible();
    const featuredRow = page.getByRole('row').filter({ hasText: title });
    await expect(featuredRow.getByText('精選', { exact: true })).toBeVisible();
    await openPublic(page, '/', async () => {
      await expect(page.getByTestId('carousel')).toContainText(title, { timeout: 1_000 });
    });

    // Delete, after the confirm prompt.
    await page.goto('/admin/articles');
    acceptNextConfirm(page);
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: `刪除「${title}」` }).click();
    await expect(page.getByText('已刪除')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    await openPublic(page, `/article/${encodeURIComponent(slug)}`, async () => {
      await expect(page.getByText('文章不存在')).toBeVisible({ timeout: 1_000 });
    });
  });
});
