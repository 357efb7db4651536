import { devices, expect, test, type Page } from '@playwright/test';
import { acceptNextConfirm, signInWithToken, uniqueName } from './support/admin-ui';

/** docs/product.md §2 快訊: the promise to readers is "within 15 seconds of 發布". */
const WITHIN = 15_000;

/** The reader's page has loaded its live script (the island marker ran: the bar exists, hidden). */
async function following(page: Page) {
  await expect(page.getByTestId('flash-new-bar')).toBeHidden();
  await expect(page.getByTestId('flash-new-bar')).toHaveCount(1);
}

test.describe('快訊 from a phone to every open page', () => {
  test('the editor posts from a phone; readers\' open /flash and home show the bar within 15 s, a tap shows it; the editor deletes it and it goes', async ({ browser }) => {
    test.setTimeout(120_000);
    const phone = await browser.newContext({ ...devices['Pixel 7'], locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
    const reader = await browser.newContext({ locale: 'zh-TW', timezoneId: 'Asia/Taipei', viewport: { width: 1280, height: 900 } });
    try {
      const editor = await phone.newPage();
      await signInWithToken(editor, editor.request);
      await editor.goto('/admin/flash');
      await expect(editor.getByRole('heading', { name: '快訊', level: 1 })).toBeVisible();

      const flashPage = await reader.newPage();
      await flashPage.goto('/flash');
      await following(flashPage);
      const home = await reader.newPage();
      await home.goto('/');
      await following(home);
      const titleBefore = await flashPage.title();

      // Bad input first: nothing saved, a clear message.
      await editor.getByRole('button', { name: '發布' }).tap();
      await expect(editor.getByRole('alert')).toHaveText('請輸入快訊內容');

      const text = uniqueName('交易所暫停提領');
      await editor.getByLabel('快訊內容').fill(text);
      await expect(editor.locator('#flash-count')).toHaveText(`${Array.from(text).length}/500`);
      await editor.getByLabel('標籤').fill('BTC、交易所');
      await editor.getByRole('checkbox', { name: '重要' }).tap();
      await expect(editor.getByRole('checkbox', { name: '重要' })).toBeChecked();
      await editor.getByRole('button', { name: '發布' }).tap();
      await expect(editor.getByTestId('flash-admin-list').locator('li').first()).toContainText(text);

      // The open pages: the bar within 15 s, nothing moved meanwhile; the title counts while it waits.
      await expect(flashPage.getByTestId('flash-new-bar')).toHaveText('1 則新快訊', { timeout: WITHIN });
      await expect(flashPage.getByText(text)).toHaveCount(0);
      await expect(flashPage).toHaveTitle(`(1) ${titleBefore}`);
      await expect(home.getByTestId('flash-new-bar')).toHaveText('1 則新快訊', { timeout: WITHIN });

      await flashPage.getByTestId('flash-new-bar').click();
      const item = flashPage.getByTestId('flash-item').filter({ hasText: text });
      await expect(item).toHaveCount(1);
      await expect(item.getByText('重要')).toBeVisible();
      await expect(item.locator('time')).toHaveText(/剛剛|1 分鐘前/);
      await expect(flashPage.getByTestId('flash-new-bar')).toBeHidden();
      await expect(flashPage).toHaveTitle(titleBefore);

      await home.getByTestId('flash-new-bar').click();
      await expect(home.getByTestId('flash-box-item').first()).toContainText(text);
      expect(await home.getByTestId('flash-box-item').count()).toBeLessThanOrEqual(5);

      // The item's own page.
      const id = await item.getAttribute('data-flash-id');
      const own = await reader.newPage();
      await own.goto(`/flash/${id}`);
      await expect(own.getByTestId('flash-item').getByText(text)).toBeVisible();
      await expect(own.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/flash/${id}$`));
      await own.close();

      // Deleted from the phone: gone from both open pages at their next poll, no reload.
      acceptNextConfirm(editor);
      await editor.getByRole('button', { name: `刪除快訊 ${id}` }).tap();
      await expect(editor.locator(`[data-flash-id="${id}"]`)).toHaveCount(0);
      await expect(flashPage.getByTestId('flash-item').filter({ hasText: text })).toHaveCount(0, { timeout: WITHIN });
      await expect(home.getByTestId('flash-box-item').filter({ hasText: text })).toHaveCount(0, { timeout: WITHIN });
    } finally {
      await phone.close();
      await reader.close();
    }
  });
});
