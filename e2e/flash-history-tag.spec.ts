import { devices, expect, test } from '@playwright/test';
import { acceptNextConfirm, signInWithToken, uniqueName } from './support/admin-ui';

/** docs/product.md §2 快訊: an item's versions compared and restored from a phone; §3: a tag only items carry has its page. */
test.describe('快訊 history and tags', () => {
  test('the editor compares and restores a version from a phone; the tag only that item carries has its page', async ({ browser }) => {
    test.setTimeout(90_000);
    const phone = await browser.newContext({ ...devices['Pixel 7'], locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
    try {
      const editor = await phone.newPage();
      await signInWithToken(editor, editor.request);
      await editor.goto('/admin/flash');
      const tag = uniqueName('onlyflash');
      const original = uniqueName('穩定幣脫鉤');
      await editor.getByLabel('快訊內容').fill(original);
      await editor.getByLabel('標籤').fill(tag);
      await editor.getByRole('button', { name: '發布' }).tap();
      const row = editor.getByTestId('flash-admin-list').locator('li').filter({ hasText: original });
      await expect(row).toHaveCount(1);
      const id = await row.getAttribute('data-flash-id');

      // An edit, then the history of the item being edited.
      await editor.getByRole('button', { name: `編輯快訊 ${id}` }).tap();
      await editor.locator('#flash-text').fill(`${original}（更正）`);
      await editor.getByRole('button', { name: '更新' }).tap();
      await expect(editor.getByTestId('flash-admin-list').locator(`[data-flash-id="${id}"]`)).toContainText('（更正）');
      await editor.getByRole('button', { name: `編輯快訊 ${id}` }).tap();
      const history = editor.getByTestId('flash-history');
      await expect(history.getByRole('heading', { name: '版本紀錄' })).toBeVisible();
      const first = history.locator('li').filter({ hasText: '（第 1 版）' });
      await expect(history.locator('li').filter({ hasText: '（第 2 版）' })).toContainText('儲存');
      await first.getByRole('button', { name: '比較' }).tap();
      await expect(editor.getByTestId('flash-diff').locator('ins')).toContainText(['（更正）']);

      acceptNextConfirm(editor, '確定要還原這個版本嗎？還原會成為新的版本，畫面上未儲存的修改將被取代。');
      await first.getByRole('button', { name: '還原' }).tap();
      await expect(editor.getByText('已還原版本')).toBeVisible();
      await expect(editor.locator('#flash-text')).toHaveValue(original);
      await expect(history.locator('li').first()).toContainText('還原（第 3 版）');

      // The reader: the tag's page, made of the item alone.
      const reader = await phone.newPage();
      const res = await reader.goto(`/tag/${tag}`);
      expect(res?.status()).toBe(200);
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`#${tag}`);
      await expect(reader.getByTestId('tag-count')).toHaveText('共 1 則快訊');
      await expect(reader.getByTestId('tag-flash').getByText(original)).toBeVisible();
      await expect(reader.getByText('暫無文章')).toHaveCount(0);
    } finally {
      await phone.close();
    }
  });
});
