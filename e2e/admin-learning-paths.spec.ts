import { expect, test, type Page } from '@playwright/test';
import { pngImage, signInWithToken, uniqueName } from './support/admin-ui';

/** Published demo articles no other journey edits, found by a word of their titles. */
const ARTICLES = [
  { search: '閃電網路', title: '閃電網路入門：讓比特幣小額支付秒到帳', slug: 'lightning-network-intro' },
  { search: '挖比特幣', title: '在台灣挖比特幣還划算嗎？電費與礦機成本試算', slug: 'bitcoin-mining-taiwan' },
  { search: '價格歷史', title: '比特幣價格歷史：從一枚幾美分到數萬美元', slug: 'bitcoin-price-history' },
];

async function addLesson(page: Page, search: string, title: string) {
  await page.getByLabel('加入課程（搜尋已發布的文章）').fill(search);
  await page.getByRole('button', { name: `加入「${title}」` }).click();
  await expect(page.getByRole('button', { name: `「${title}」：這篇文章已在路徑中` })).toBeDisabled();
}

async function publicLessonOrder(page: Page, slug: string): Promise<string[]> {
  const html = await (await page.request.get(`/learn/${encodeURIComponent(slug)}`)).text();
  return [...html.matchAll(/<h2 class="[^"]*"><a href="\/article\/([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!));
}

test.describe('the administrator managing learning paths', () => {
  test('creates a path with a cover, adds lessons by search, reorders them by keyboard and by drag', async ({ page, request }) => {
    const title = uniqueName('學習');
    await signInWithToken(page, request);
    await page.goto('/admin/learning-paths');
    await page.getByRole('link', { name: '新增學習路徑' }).first().click();
    await expect(page).toHaveURL('/admin/learning-paths/new');

    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.locator('#path-title-error')).toHaveText('請輸入路徑名稱');
    await page.getByLabel('路徑名稱').fill(title);
    await page.getByLabel('程度').selectOption('進階');
    await page.getByLabel('簡介').fill('端對端測試：以鍵盤排序課程');
    await page.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngImage(120, 63, [180, 83, 9]) });
    await expect(page.getByRole('img', { name: '封面預覽' })).toBeVisible();
    await page.getByLabel('封面替代文字').fill('琥珀色的封面');

    for (const article of ARTICLES) await addLesson(page, article.search, article.title);
    const rows = page.getByTestId('lesson-row');
    await expect(rows).toHaveCount(3);

    // Keyboard: the third lesson picked up, moved up twice, put down.
    const handle = page.getByRole('button', { name: `調整「${ARTICLES[2]!.title}」的順序，目前第 3 課` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('lesson-announcement')).toContainText(`已拿起「${ARTICLES[2]!.title}」`);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('lesson-announcement')).toHaveText(`已放下「${ARTICLES[2]!.title}」，在第 1 課`);
    await expect(page.getByRole('button', { name: `調整「${ARTICLES[2]!.title}」的順序，目前第 1 課` })).toBeFocused();
    await expect(rows.nth(0)).toContainText(ARTICLES[2]!.title);

    // Escape puts a picked-up lesson back.
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toContainText(ARTICLES[2]!.title);
    await page.keyboard.press('Escape');
    await expect(rows.nth(0)).toContainText(ARTICLES[2]!.title);

    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('學習路徑已儲存')).toBeVisible();
    await expect(page).toHaveURL('/admin/learning-paths');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('共 3 課');
    await expect(row).toContainText('進階');

    // Readers see the new order at once.
    const href = (await row.getByRole('link', { name: title, exact: true }).getAttribute('href'))!;
    const slug = decodeURIComponent(href.replace('/learn/', ''));
    expect(await publicLessonOrder(page, slug)).toEqual([ARTICLES[2]!.slug, ARTICLES[0]!.slug, ARTICLES[1]!.slug]);
    const pathPage = await (await page.request.get(`/learn/${encodeURIComponent(slug)}`)).text();
    expect(pathPage).toContain('琥珀色的封面');
    const article = await (await page.request.get(`/article/${ARTICLES[0]!.slug}`)).text();
    expect(article).toContain(`${title}</a>．第 2 課／共 3 課`);

    // Drag: the last lesson dropped on the first.
    await row.getByRole('link', { name: `編輯「${title}」` }).click();
    await expect(rows).toHaveCount(3);
    await rows.nth(2).dragTo(rows.nth(0));
    await expect(rows.nth(0)).toContainText(ARTICLES[1]!.title);
    await page.getByRole('button', { name: '儲存' }).click();
    // The list again once the save has answered (the first save's toast may still be showing).
    await expect(page).toHaveURL('/admin/learning-paths');
    // The pages cached before the save are dropped with it: the path's and its lessons'.
    expect(await publicLessonOrder(page, slug)).toEqual([ARTICLES[1]!.slug, ARTICLES[2]!.slug, ARTICLES[0]!.slug]);
    expect(await (await page.request.get(`/article/${ARTICLES[0]!.slug}`)).text()).toContain(`${title}</a>．第 3 課／共 3 課`);
  });

  test('refuses the same article twice and says why, in Traditional Chinese', async ({ page, request }) => {
    const token = await signInWithToken(page, request);
    const article = (await (await request.get(`/api/articles/${ARTICLES[0]!.slug}`)).json()) as { id: number };
    const res = await request.post('/api/admin/learning-paths', {
      headers: { Authorization: `Bearer ${token}` },
      data: { title: uniqueName('重複'), level: '入門', article_ids: [article.id, article.id] },
    });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain('同一篇文章不能在路徑中出現兩次');
  });
});
