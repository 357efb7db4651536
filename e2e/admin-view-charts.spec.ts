import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer } from './support/admin-api';
import { signInWithToken } from './support/admin-ui';

/** The demo seed's history of views gives every chart data; the first demo article is its newest. */
const DEMO_TITLE = '什麼是比特幣？一篇看懂比特幣的運作原理';
const PERIODS = [
  { tab: '24 小時', points: 24 },
  { tab: '7 天', points: 168 },
  { tab: '30 天', points: 30 },
  { tab: '12 個月', points: 12 },
] as const;

async function demoArticleId(request: APIRequestContext, token: string): Promise<number> {
  const list = (await (await request.get('/api/articles/admin/all?limit=100', { headers: bearer(token) })).json()) as { articles: Array<{ id: number; title: string }> };
  const article = list.articles.find((a) => a.title === DEMO_TITLE);
  expect(article, 'the demo article is there').toBeDefined();
  return article!.id;
}

async function csvOf(page: Page, button: ReturnType<Page['getByRole']>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

test.describe('the editor\'s view charts', () => {
  test('the dashboard draws the site\'s views for each period, numbers on tap and by keyboard', async ({ page, request }) => {
    await signInWithToken(page, request);
    await page.goto('/admin/dashboard');
    const section = page.getByRole('region', { name: '瀏覽趨勢' });
    await expect(section.getByText('示範資料')).toBeVisible();

    for (const { tab, points } of PERIODS) {
      await section.getByRole('tab', { name: tab }).click();
      await expect(section.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      const chart = section.getByRole('img', { name: new RegExp(`^全站最近 ${tab}的瀏覽數（共 [\\d,]+ 次`) });
      await expect(chart).toBeVisible();
      // Every bucket is in the table beside the chart, zero-filled.
      await expect(section.getByRole('table', { name: `全站最近 ${tab}的瀏覽數（表格）` }).locator('tbody tr')).toHaveCount(points);
      await expect(section.locator('[data-total]')).not.toHaveText('0');
      // The number on tap, then by keyboard: the last bucket.
      await chart.click();
      await expect(section.locator('figcaption').first()).toHaveText(/：[\d,]+ 次$/);
      await chart.press('End');
      const lastBucket = await section.getByRole('table', { name: `全站最近 ${tab}的瀏覽數（表格）` }).locator('tbody tr').last().locator('td').first().textContent();
      await expect(section.locator('figcaption').first()).toHaveText(new RegExp(`^${lastBucket!.replace(/[()（）]/g, '.')}：`));
    }
  });

  test('the dashboard lists the top articles with sparklines, the sources and devices, each with CSV', async ({ page, request }) => {
    await signInWithToken(page, request);
    await page.goto('/admin/dashboard?period=12m');
    const section = page.getByRole('region', { name: '瀏覽趨勢' });
    await expect(section.getByRole('img', { name: /^全站最近 12 個月的瀏覽數/ })).toBeVisible();

    // Top articles, each with its sparkline.
    const top = section.getByRole('table', { name: '熱門文章' });
    await expect(top.locator('tbody tr')).toHaveCount(10);
    const spark = top.locator('tbody tr').first().getByRole('img', { name: /的瀏覽趨勢：最高/ });
    await expect(spark).toBeVisible();
    await spark.click();
    await expect(top.locator('tbody tr').first()).toContainText(/年\d{1,2}月：[\d,]+ 次/);
    await expect(section.getByRole('table', { name: '來源' })).toContainText('搜尋引擎');
    await expect(section.getByRole('table', { name: '來源' })).toContainText('LINE');
    await expect(section.getByRole('table', { name: '裝置' })).toContainText('手機');

    const series = await csvOf(page, section.getByRole('button', { name: '匯出 CSV' }).first());
    expect(series.name).toMatch(/^全站瀏覽-12m-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(series.text.startsWith('\uFEFF月份（台北時間）,瀏覽數\r\n')).toBe(true);
    expect(series.text.trim().split('\r\n')).toHaveLength(13);
    const sources = await csvOf(page, section.getByRole('region', { name: '來源' }).getByRole('button', { name: '匯出 CSV' }));
    expect(sources.text).toContain('搜尋引擎,搜尋引擎,');
  });

  test('an article\'s chart from the list marks its publication', async ({ page, request }) => {
    const id = await demoArticleId(request, await signInWithToken(page, request));

    await page.goto('/admin/articles');
    await page.getByRole('link', { name: `「${DEMO_TITLE}」的瀏覽趨勢` }).click();
    await expect(page).toHaveURL(`/admin/articles/views/${id}`);
    await expect(page.getByRole('heading', { name: '文章瀏覽趨勢' })).toBeVisible();
    const chart = page.getByRole('img', { name: new RegExp(`^「${DEMO_TITLE.replace(/[?？]/g, '.')}」的瀏覽數`) });
    await expect(chart).toBeVisible();
    await expect(chart.locator('[data-mark="published"]')).toBeVisible();
    await expect(page.locator('figcaption').first()).toContainText('發布時間：');
    await expect(page.getByText('示範資料')).toBeVisible();
    const csv = await csvOf(page, page.getByRole('button', { name: '匯出 CSV' }).first());
    expect(csv.text.split('\r\n')[0]).toMatch(/^\uFEFF(時段|日期)（台北時間）,瀏覽數$/);
  });

  test('an article\'s chart in its form marks its publication', async ({ page, request }) => {
    const id = await demoArticleId(request, await signInWithToken(page, request));
    await page.goto(`/admin/articles/edit/${id}`);
    await expect(page.getByRole('textbox', { name: '標題', exact: true })).toHaveValue(DEMO_TITLE);
    await page.getByRole('button', { name: '查看瀏覽趨勢' }).click();
    const inForm = page.getByRole('region', { name: '瀏覽趨勢' });
    await expect(inForm.locator('[data-mark="published"]')).toBeVisible();
    await expect(inForm.getByRole('table', { name: '裝置' })).toContainText('手機');
  });
});

test.describe('the editor\'s view charts on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

  test('the chart fits the screen and tells its numbers on tap', async ({ page, request }) => {
    await signInWithToken(page, request);
    await page.goto('/admin/dashboard?period=30d');
    const section = page.getByRole('region', { name: '瀏覽趨勢' });
    const chart = section.getByRole('img', { name: /^全站最近 30 天的瀏覽數/ });
    await expect(chart).toBeVisible();
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await chart.tap();
    await expect(section.locator('figcaption').first()).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日（.）：[\d,]+ 次$/);
  });
});
