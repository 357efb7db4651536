import { expect, test } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { signInWithToken } from './support/admin-ui';
import { waitForPublicPage } from './support/site';

/** A word no demo term or article holds, so this run's term and article are its own. */
function uniqueWord(): string {
  const pool = '甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥';
  return Array.from({ length: 5 }, () => pool[Math.floor(Math.random() * pool.length)]).join('');
}

test.describe('the administrator keeping the glossary', () => {
  test('adds an alias to a term and the next view of an article links it; a duplicate alias is refused naming its term', async ({ page, request }) => {
    const word = uniqueWord();
    const token = await adminToken(request);
    const created = await request.post('/api/glossary/admin/terms', { headers: bearer(token), data: { name: `測試${word}`, definition: '端對端測試建立的術語。', status: 'published' } });
    expect(created.status()).toBe(201);
    const article = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title: `介紹${word}`, content: `<p>今天介紹${word}幣的用法。</p>`, status: 'published' } });
    const { slug } = (await article.json()) as { slug: string };
    await page.goto(`/article/${encodeURIComponent(slug)}`);
    await expect(page.getByTestId('article-content').locator('a.gl-term')).toHaveCount(0);

    await signInWithToken(page, request);
    await page.goto('/admin/glossary');
    await page.getByLabel('搜尋術語').fill(`測試${word}`);
    const row = page.getByRole('row').filter({ hasText: `測試${word}` });
    await row.getByRole('link', { name: `編輯「測試${word}」` }).click();
    await expect(page.getByLabel('名稱')).toHaveValue(`測試${word}`);

    const aliases = page.getByLabel('別名');
    await aliases.fill('硬體錢包');
    await aliases.press('Enter');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.locator('#glossary-aliases-error')).toHaveText('「硬體錢包」已是「冷錢包」的別名');
    await page.getByRole('button', { name: '移除別名 硬體錢包' }).click();

    await aliases.fill(`${word}幣`);
    await aliases.press('Enter');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('術語已儲存')).toBeVisible();
    await expect(page).toHaveURL('/admin/glossary');

    await page.goto(`/article/${encodeURIComponent(slug)}`);
    await waitForPublicPage(page);
    const link = page.getByTestId('article-content').locator('a.gl-term');
    await expect(link).toHaveText(`${word}幣`);
    await expect(link).toHaveAttribute('href', /^\/glossary\//);
    await expect(link).toHaveAccessibleDescription('端對端測試建立的術語。');
  });

  test('imports a CSV: the dry run reports what would be added and what is refused, and nothing is written until it is clean', async ({ page, request }) => {
    const word = uniqueWord();
    await signInWithToken(page, request);
    await page.goto('/admin/glossary');
    const csv = page.getByLabel('CSV 內容');
    await csv.fill(['name,aliases,definition', `匯入${word},${word}幣,匯入測試的術語。`, `另一${word},ETH,搶用別名的術語。`].join('\n'));
    await page.getByRole('button', { name: '試算' }).click();
    const report = page.getByTestId('glossary-import-report');
    await expect(report).toContainText('試算結果：新增 1 個、更新 0 個、未變更 0 個、拒絕 1 行');
    await expect(report).toContainText(`第 2 行「匯入${word}」`);
    await expect(report).toContainText('第 3 行：「ETH」已是「以太坊」的別名');
    await expect(page.getByRole('button', { name: '確認匯入' })).toBeDisabled();

    await csv.fill(['name,aliases,definition', `匯入${word},${word}幣,匯入測試的術語。`].join('\n'));
    await page.getByRole('button', { name: '試算' }).click();
    await expect(report).toContainText('試算結果：新增 1 個');
    await page.getByRole('button', { name: '確認匯入' }).click();
    await expect(page.getByText('已匯入：新增 1 個、更新 0 個', { exact: true })).toBeVisible();
    await page.getByLabel('搜尋術語').fill(`匯入${word}`);
    await expect(page.getByRole('row').filter({ hasText: `匯入${word}` })).toContainText(`${word}幣`);
  });

  test('the article form shows which terms the body will link, and can turn linking off', async ({ page, request }) => {
    await signInWithToken(page, request);
    await page.goto('/admin/articles/new');
    await page.getByRole('textbox', { name: '內容' }).click();
    await page.keyboard.type('把幣放進冷錢包，再學學 DeFi。');
    const panel = page.getByTestId('glossary-links-panel');
    await expect(panel).toContainText('將連結 2 個術語');
    await expect(panel.getByRole('listitem')).toHaveText(['冷錢包', 'DeFi']);
    await panel.getByLabel('在這篇文章連結術語表').uncheck();
    await expect(panel).toContainText('這篇文章不會連結任何術語');
  });
});
