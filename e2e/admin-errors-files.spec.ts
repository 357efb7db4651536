import { expect, test, type Page } from '@playwright/test';
import { signInWithToken, uniqueName } from './support/admin-ui';

/**
 * The article form's file and preview errors (docs/product.md §8, §9) as the admin meets them:
 * a cover the browser cannot decode, a cover the browser cannot read, a preview the browser has
 * no room to hand over. Exact texts, and what the form does next.
 */

/** Over the 8 MB at which a cover is compressed in the browser (docs/product.md §9). */
const OVER_COMPRESSION_THRESHOLD = 9 * 1024 * 1024;

async function openNewArticle(page: Page, request: Parameters<typeof signInWithToken>[1]): Promise<void> {
  await signInWithToken(page, request);
  await page.goto('/admin/articles/new');
  await expect(page.getByRole('button', { name: '儲存' })).toBeVisible();
}

test.describe('the admin picking files and previewing', () => {
  test('a large cover that cannot be compressed says 圖片壓縮失敗，將使用原始檔案 and the original is used', async ({ page, request }) => {
    await openNewArticle(page, request);
    // A PNG by name and type whose bytes are no image: the browser cannot decode it to compress it.
    const bytes = Buffer.alloc(OVER_COMPRESSION_THRESHOLD, 0x5a);
    await page.getByTestId('cover-input').setInputFiles({ name: 'broken-cover.png', mimeType: 'image/png', buffer: bytes });
    await expect(page.getByText('圖片壓縮失敗，將使用原始檔案', { exact: true })).toBeVisible();
    // The original file became the cover: its preview and alt-text field are there.
    await expect(page.getByAltText('封面預覽')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByLabel('封面替代文字')).toBeVisible();
  });

  test('a cover the browser cannot read says 檔案讀取失敗 and no cover is set', async ({ page, request }) => {
    // A file that disappears or changes on disk after it was picked cannot be read; a browser
    // cannot be made to lose a picked file from outside, so its file reader fails for this one
    // file name exactly as it does then (an error event with NotReadableError).
    await page.addInitScript(() => {
      const original = FileReader.prototype.readAsDataURL;
      FileReader.prototype.readAsDataURL = function (this: FileReader, blob: Blob) {
        if (blob instanceof File && blob.name === 'vanished-cover.png') {
          setTimeout(() => this.dispatchEvent(new ProgressEvent('error')), 0);
          return;
        }
        original.call(this, blob);
      };
    });
    await openNewArticle(page, request);
    await page.getByTestId('cover-input').setInputFiles({ name: 'vanished-cover.png', mimeType: 'image/png', buffer: Buffer.from('not read') });
    await expect(page.getByText('檔案讀取失敗', { exact: true })).toBeVisible();
    await expect(page.getByAltText('封面預覽')).toHaveCount(0);
    await expect(page.getByLabel('封面替代文字')).toHaveCount(0);
  });

  test('a preview the browser has no room to store says 預覽開啟失敗 and opens no tab', async ({ page, request, context }) => {
    await openNewArticle(page, request);
    const title = uniqueName('無法預覽的文章');
    await page.getByLabel('標題', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: '內容' }).click();
    await page.keyboard.type('預覽前瀏覽器的工作階段儲存空間已滿');
    // The tab's session storage is full (as other pages of the site can leave it).
    const filled = await page.evaluate(() => {
      // Halving pieces until not one more character fits.
      let stored = 0;
      for (let size = 1024 * 1024; size >= 1; ) {
        try {
          sessionStorage.setItem(`filler-${stored}`, 'x'.repeat(size));
          stored += 1;
        } catch {
          size = Math.floor(size / 2);
        }
      }
      return stored;
    });
    expect(filled, 'session storage reached its quota').toBeGreaterThan(0);

    let opened = 0;
    context.on('page', () => (opened += 1));
    await page.getByRole('button', { name: '預覽' }).click();
    await expect(page.getByText('預覽開啟失敗', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/admin/articles/new');
    await expect(page.getByLabel('標題', { exact: true })).toHaveValue(title);
    expect(opened).toBe(0);
  });
});
