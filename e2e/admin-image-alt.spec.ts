import { expect, test, type Page } from '@playwright/test';
import { pngImage, signInWithToken, uniqueName } from './support/admin-ui';
import { waitForPublicPage } from './support/site';

/** Opens a public page and checks it at once: a page is exactly as fresh as the API after a save. */
async function openPublic(page: Page, path: string, check: () => Promise<void>) {
  await page.goto(path);
  await waitForPublicPage(page);
  await check();
}

/** Writes and publishes an article with a cover (alt as given) and one uploaded content image (alt as given). */
async function publish(page: Page, title: string, slug: string, alts: { cover: string; image: string }, shade: number) {
  await page.goto('/admin/articles/new');
  await page.getByLabel('標題', { exact: true }).fill(title);
  await page.getByLabel('選擇封面圖片').setInputFiles({ name: 'my-cover-file.png', mimeType: 'image/png', buffer: pngImage(120, 63, [30, 160, shade]) });
  await expect(page.getByRole('img', { name: '封面預覽' })).toBeVisible();
  if (alts.cover) await page.getByLabel('封面替代文字').fill(alts.cover);
  const editor = page.getByRole('textbox', { name: '內容' });
  await editor.click();
  await page.keyboard.type('有圖片的內文');
  await page.keyboard.press('Enter');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '插入圖片' }).click();
  await (await chooser).setFiles({ name: 'my-chart-file.png', mimeType: 'image/png', buffer: pngImage(200, 120, [shade, 30, 160]) });
  await expect(page.getByText('圖片已插入')).toBeVisible();
  // The inserted image is selected, with its alt empty (never the file name) and an input for it.
  const altInput = page.getByLabel('圖片替代文字');
  await expect(altInput).toHaveValue('');
  if (alts.image) await altInput.fill(alts.image);
  await page.getByLabel('網址代稱').fill(slug);
  await page.getByLabel('狀態', { exact: true }).selectOption({ label: '已發布' });
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('文章已儲存')).toBeVisible();
}

test.describe('alt text of covers and inserted images', () => {
  test('is typed in the form, stored, rendered by the server and the browser alike, empty when none was typed; each upload is in the log', async ({ page, request }) => {
    test.setTimeout(150_000);
    const hydrationWarnings: string[] = [];
    page.on('console', (message) => {
      if (/hydrat|did not match|#418|#423|#425/i.test(message.text())) hydrationWarnings.push(message.text());
    });
    await signInWithToken(page, request);
    const marker = uniqueName('alt');
    const withAlt = { title: `有替代文字 ${marker}`, slug: `alt-${marker.toLowerCase()}-a` };
    const without = { title: `無替代文字 ${marker}`, slug: `alt-${marker.toLowerCase()}-b` };
    await publish(page, withAlt.title, withAlt.slug, { cover: `封面：綠色方塊 ${marker}`, image: `走勢圖 ${marker}` }, 90);
    await publish(page, without.title, without.slug, { cover: '', image: '' }, 140);

    // The article page: the server's HTML already has the alt texts.
    const html = await (await request.get(`/article/${withAlt.slug}`)).text();
    expect(html).toContain(`alt="封面：綠色方塊 ${marker}"`);
    expect(html).toContain(`alt="走勢圖 ${marker}"`);
    await openPublic(page, `/article/${withAlt.slug}`, async () => {
      await expect(page.getByRole('heading', { level: 1, name: withAlt.title })).toBeVisible({ timeout: 1_000 });
    });
    const cover = page.getByRole('img', { name: `封面：綠色方塊 ${marker}` });
    const inserted = page.getByTestId('article-content').getByRole('img', { name: `走勢圖 ${marker}` });
    await expect(cover).toBeVisible();
    await expect(inserted).toBeVisible();
    const keyOf = async (image: typeof cover) => (await image.getAttribute('src'))!.match(/[0-9a-f]{32}\.png/)![0];
    const coverKey = await keyOf(cover);
    const imageKey = await keyOf(inserted);

    // Without alt text: alt="" (decorative beside its title), never the file name or the title.
    await openPublic(page, `/article/${without.slug}`, async () => {
      await expect(page.getByRole('heading', { level: 1, name: without.title })).toBeVisible({ timeout: 1_000 });
    });
    const images = page.locator('main img');
    for (const alt of await images.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('alt')))) {
      expect(alt).not.toBeNull();
      expect(alt).not.toMatch(/my-(cover|chart)-file|\.png/);
    }
    await expect(page.getByTestId('article-content').locator('img')).toHaveAttribute('alt', '');

    // The cards of the list: the stored alt, or empty.
    await openPublic(page, '/articles', async () => {
      await expect(page.getByTestId('all-articles')).toContainText(without.title, { timeout: 1_000 });
    });
    const card = (title: string) => page.getByTestId('article-card').filter({ hasText: title }).locator('img');
    await expect(card(withAlt.title)).toHaveAttribute('alt', `封面：綠色方塊 ${marker}`);
    await expect(card(without.title)).toHaveAttribute('alt', '');
    expect(hydrationWarnings).toEqual([]);

    // The uploads are in the log under 上傳: which kind, which stored file, its format, size and dimensions.
    await page.goto('/admin/activity');
    await page.getByLabel('類型').selectOption({ label: '上傳' });
    const log = page.getByRole('table');
    await expect(log.getByRole('row').filter({ hasText: coverKey })).toContainText(new RegExp(`上傳封面圖片.*${coverKey}（PNG，\\d+ KB，120×63）`));
    await expect(log.getByRole('row').filter({ hasText: imageKey })).toContainText(new RegExp(`上傳圖片.*${imageKey}（PNG，\\d+ KB，200×120）`));
  });
});
