import { expect, test, type Page } from '@playwright/test';
import { startFaultyContent, startGatewayOver, type FaultyContent } from './support/faulty-content';
import { waitForPublicPage } from './support/site';

/**
 * The public side of the error catalogue (docs/product.md §8), met as a reader meets it: a
 * gateway whose content service fails on some calls (a real server in front of the real one
 * answers them), the page rendered on the server and hydrated in Chromium.
 */

/** A script address nothing answers: the ad code's script cannot load. */
const DEAD_AD_SCRIPT = 'http://127.0.0.1:9/coinmag-ad.js';
const SERVICE_DOWN = { error: '服務暫時無法使用，請稍後再試' };

/** The browser's console errors on this page, as they come. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('a reader while parts of the content service fail', () => {
  test.describe.configure({ mode: 'serial' });
  let content: FaultyContent;
  let gateway: { base: string; stop: () => Promise<void> };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    content = await startFaultyContent([
      // A broken upstream: an HTML error page, no JSON error text.
      { method: 'GET', path: /^\/api\/categories\/header(\?|$)/, answer: { status: 500, text: '<h1>500 Internal Server Error</h1>' } },
      { method: 'GET', path: /^\/api\/articles\/featured(\?|$)/, answer: { status: 500, text: '<h1>500 Internal Server Error</h1>' } },
      { method: 'GET', path: /^\/api\/articles\/latest\?limit=1$/, answer: { rewrite: (latest) => latest } },
      { method: 'GET', path: /^\/api\/articles\?(.*&)?search=/, answer: { status: 503, json: SERVICE_DOWN } },
      // The site's settings carry ad code whose script cannot be fetched.
      { method: 'GET', path: /^\/api\/settings(\?|$)/, answer: { rewrite: (settings) => ({ ...(settings as object), header_ad_script: `<script src="${DEAD_AD_SCRIPT}"></script>` }) } },
    ]);
    gateway = await startGatewayOver(content.url);
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await content?.close();
  });

  test('header categories failing: the failure is logged and the navigation stays empty, the page works', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto(`${gateway.base}/`);
    await waitForPublicPage(page);
    // The browser asked again after the server could not, and logged the catalogue's text.
    await expect.poll(() => errors.filter((text) => text === '取得導覽分類失敗').length).toBe(1);
    await expect(page.getByRole('navigation', { name: '主要分類' }).getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '最新文章' })).toBeVisible();
    await expect(page.getByTestId('latest-articles').getByTestId('article-card')).toHaveCount(8);
    expect(content.answered(/^\/api\/categories\/header/).length).toBeGreaterThanOrEqual(2);
  });

  test('featured failing: the home page quietly shows the latest article as the featured one', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto(`${gateway.base}/`);
    await waitForPublicPage(page);
    const [latest] = content.answered(/^\/api\/articles\/latest\?limit=1$/) as { title: string }[][];
    expect(latest?.[0]?.title, 'the gateway fell back to the latest article').toBeTruthy();
    expect(content.answered(/^\/api\/articles\/featured/).length).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('heading', { name: '精選文章' })).toBeVisible();
    await expect(page.getByTestId('featured-article').getByRole('heading', { level: 3 })).toHaveText(latest![0]!.title);
    // Silently: nothing about the featured call is shown or logged.
    await expect(page.getByText('取得精選文章失敗')).toHaveCount(0);
    expect(errors.filter((text) => text.includes('取得精選文章失敗'))).toEqual([]);
  });

  test('search failing: the page says 搜尋失敗 with the service\'s reason and offers the way home', async ({ page }) => {
    const response = await page.goto(`${gateway.base}/search?q=${encodeURIComponent('比特幣')}`);
    expect(response?.status()).toBe(503);
    await waitForPublicPage(page);
    await expect(page.getByRole('heading', { name: '「比特幣」的搜尋結果' })).toBeVisible();
    await expect(page.getByText(`搜尋失敗：${SERVICE_DOWN.error}`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('search-results')).toHaveCount(0);
    await page.getByRole('link', { name: '返回首頁' }).click();
    await expect(page).toHaveURL(`${gateway.base}/`);
  });

  test('ad code failing: the failure is logged and the article is read as usual', async ({ page, request }) => {
    const errors = consoleErrors(page);
    const list = (await (await request.get('/api/articles?limit=1')).json()) as { articles: { slug: string; title: string }[] };
    const article = list.articles[0]!;
    await page.goto(`${gateway.base}/article/${encodeURIComponent(article.slug)}`);
    await waitForPublicPage(page);
    await expect.poll(() => errors.filter((text) => text === `[ads] script failed to load ${DEAD_AD_SCRIPT}`).length).toBe(1);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  });
});
