import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { signInWithToken } from './support/admin-ui';

/** A word no demo article holds, so this run's search and path are its own. */
function uniqueWord(): string {
  const pool = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥';
  return Array.from({ length: 6 }, () => pool[Math.floor(Math.random() * pool.length)]).join('');
}

/**
 * Waits for the gateway's hand-over of its counts (every READER_NUMBERS_FLUSH_MS, half a second in
 * this stack) to bring `found` into today's numbers, asked of the API the page reads.
 */
async function handedOver(request: APIRequestContext, token: string, kind: 'searches' | 'missing', found: (body: string) => boolean) {
  await expect.poll(async () => found(await (await request.get(`/api/admin/numbers/${kind}?period=1&limit=200`, { headers: bearer(token) })).text()), { timeout: 10_000 }).toBe(true);
}

// Headless Chromium names itself HeadlessChrome, which the counting leaves aside as a robot: a reader's browser here.
test.use({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

test.describe('the editor\'s numbers', () => {
  test('a search that found nothing becomes a new article with the term as its title', async ({ page, request }) => {
    const term = `${uniqueWord()}幣`;
    await page.goto(`/search?q=${encodeURIComponent(term)}`);
    await expect(page.getByRole('heading', { name: `「${term}」的搜尋結果` })).toBeVisible();

    const token = await signInWithToken(page, request);
    await handedOver(request, token, 'searches', (body) => body.includes(JSON.stringify({ term, zero_searches: 1 })));
    await page.goto('/admin/numbers?period=1');
    const zeroRow = (p: Page) => p.getByRole('table', { name: '找不到結果的搜尋' }).getByRole('row').filter({ hasText: term });
    await expect(zeroRow(page).getByRole('cell').nth(1)).toHaveText('1');
    // The chart shows it too, its number on tap.
    await page.getByRole('img', { name: '找不到結果的搜尋字詞' }).getByRole('button', { name: `${term}：1 次` }).click();
    await expect(page.getByText(`${term}：1 次`, { exact: true }).last()).toBeVisible();

    await zeroRow(page).getByRole('link', { name: term }).click();
    await expect(page).toHaveURL(/\/admin\/articles\/new\?title=/);
    await expect(page.getByRole('textbox', { name: '標題', exact: true })).toHaveValue(term);
  });

  test('a broken link is redirected to an article in one click and then answers 301', async ({ page, request }) => {
    const word = uniqueWord();
    const token = await adminToken(request);
    const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title: `轉址目標${word}`, content: '<p>轉址的目標文章。</p>', status: 'published' } });
    expect(created.status()).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const broken = `/old-${Date.now()}`;
    expect((await page.goto(broken))?.status()).toBe(404);

    await signInWithToken(page, request);
    await handedOver(request, token, 'missing', (body) => body.includes(`"path":"${broken}"`));
    await page.goto('/admin/numbers?period=1');
    const row = (p: Page) => p.locator(`tr[data-path="${broken}"]`);
    await row(page).getByRole('button', { name: '新增轉址' }).click();
    await page.getByLabel('轉址到（搜尋文章、分類或標籤）').fill(`轉址目標${word}`);
    await page.getByRole('button', { name: `轉址到「轉址目標${word}」` }).click();
    await expect(page.getByText('已新增轉址')).toBeVisible();
    await expect(row(page)).toContainText(`已轉址到 /article/${slug}`);

    const followed = await request.get(broken, { maxRedirects: 0 });
    expect(followed.status()).toBe(301);
    expect(followed.headers().location).toBe(`/article/${encodeURIComponent(slug)}`);
    await page.goto(broken);
    await expect(page).toHaveURL(`/article/${encodeURIComponent(slug)}`);

    await page.goto('/admin/redirects');
    const listed = page.locator(`tr[data-from="${broken}"]`);
    await expect(listed).toContainText('手動新增');
    await expect(listed).toContainText(`轉址目標${word}`);
  });
});
