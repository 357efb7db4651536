import { expect, test } from '@playwright/test';
import { pngImage, signInWithToken } from './support/admin-ui';
import { afterNextPaint } from './support/site';

test.describe('the article form guarding the administrator', () => {
  test.beforeEach(async ({ page, request }) => {
    await signInWithToken(page, request);
    await page.goto('/admin/articles/new');
    await expect(page.getByRole('form', { name: '新增文章' })).toBeVisible();
  });

  test('Enter does not submit from a field, required title and content are named, the recommendation is one choice', async ({ page }) => {
    const title = page.getByLabel('標題', { exact: true });
    await title.fill('只有標題');
    await title.press('Enter');
    await page.getByLabel('網址代稱').press('Enter');
    // A submit would show its validation message by the next paint.
    await afterNextPaint(page);
    await expect(page.getByText('請輸入內容')).toHaveCount(0);
    await expect(page).toHaveURL('/admin/articles/new');

    // Enter in the editor makes a new paragraph instead.
    const editor = page.getByRole('textbox', { name: '內容' });
    await editor.click();
    await page.keyboard.press('Enter');
    await expect(page.getByText('請輸入內容')).toHaveCount(0);

    await title.fill('');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.locator('#article-title-error')).toHaveText('請輸入標題');
    await expect(page.locator('#article-content-error')).toHaveText('請輸入內容');
    await expect(title).toBeFocused();

    const none = page.getByRole('radio', { name: '無' });
    const featured = page.getByRole('radio', { name: '精選' });
    const popular = page.getByRole('radio', { name: '熱門' });
    await expect(none).toBeChecked();
    await featured.check();
    await popular.check();
    await expect(featured).not.toBeChecked();
    await expect(page.getByLabel('輪播順序')).toHaveCount(0);
    await page.getByLabel('加入輪播').check();
    const order = page.getByLabel('輪播順序');
    await expect(order).toHaveAttribute('min', '1');
    await expect(order).toHaveAttribute('max', '10');
    await order.fill('15');
    await order.blur();
    await expect(order).toHaveValue('10');
  });

  test('an article body over 2 MB is refused with the article text, not the image one, and stays in the form', async ({ page }) => {
    await page.getByLabel('標題', { exact: true }).fill('很長的文章');
    const editor = page.getByRole('textbox', { name: '內容' });
    await editor.fill('長'.repeat(800_000));
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('文章內容過大（上限 2 MB），請縮短內容或分成多篇文章')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('檔案過大，請選擇較小的圖片')).toHaveCount(0);
    await expect(page).toHaveURL('/admin/articles/new');
    expect((await editor.textContent())?.length).toBe(800_000);
  });

  test('a non-image cover is refused and the cover can be removed', async ({ page }) => {
    await page.getByLabel('選擇封面圖片').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('請選擇圖片檔案')).toBeVisible();
    await page.getByRole('button', { name: /拖曳圖片到這裡/ }).evaluate((zone) => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'notes.txt', { type: 'text/plain' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByText('請拖曳圖片檔案')).toBeVisible();
    await expect(page.getByRole('img', { name: '封面預覽' })).toHaveCount(0);

    await page.getByRole('button', { name: /拖曳圖片到這裡/ }).evaluate(async (zone, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'cover.png', { type: 'image/png' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, [...pngImage(40, 21, [10, 200, 10])]);
    await expect(page.getByRole('img', { name: '封面預覽' })).toBeVisible();
    await page.getByRole('button', { name: '移除封面' }).click();
    await expect(page.getByRole('img', { name: '封面預覽' })).toHaveCount(0);
  });

  test('a failed upload switches to the fallback image dialog, which takes http, https and data addresses only', async ({ page }) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '插入圖片' }).click();
    // Claims to be a PNG but is not one: the media service refuses it.
    await (await chooser).setFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image at all') });
    await expect(page.getByText('一般上傳失敗，切換至備用模式')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: '插入圖片（備用模式）' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('圖片網址').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: '插入圖片' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('圖片網址只允許 http、https 或 data 開頭');
    await dialog.getByLabel('圖片網址').fill('https://example.com/chart.png');
    await dialog.getByLabel('替代文字').fill('走勢圖');
    await dialog.getByRole('button', { name: '插入圖片' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: '內容' }).getByRole('img', { name: '走勢圖' })).toHaveAttribute('src', 'https://example.com/chart.png');
  });

  test('preview opens /admin/preview in a new tab with the unsaved title, excerpt and content', async ({ page, context }) => {
    await page.getByLabel('標題', { exact: true }).fill('預覽中的標題');
    await page.getByLabel('摘要').fill('這是摘要');
    await page.getByRole('textbox', { name: '內容' }).click();
    await page.keyboard.type('預覽內文');
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: '預覽' }).click();
    const preview = await opened;
    await expect(preview).toHaveURL('/admin/preview');
    await expect(preview.getByRole('heading', { level: 1, name: '預覽中的標題' })).toBeVisible();
    await expect(preview.getByText('這是摘要')).toBeVisible();
    await expect(preview.getByText('預覽內文')).toBeVisible();
    await preview.close();

    // A tab without stored form data has nothing to show.
    const fresh = await context.newPage();
    await fresh.goto('/admin/preview');
    await expect(fresh.getByText('沒有可預覽的內容')).toBeVisible();
  });
});
