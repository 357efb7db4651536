import { expect, test, type Page } from '@playwright/test';

/** Public routes, each answered as complete HTML by the server and then hydrated. */
const ROUTES = ['/', '/article/what-is-bitcoin', '/category/latest', '/category/popular', '/articles?page=2', '/search?q=比特幣', '/category/no-such-category', '/article/no-such-article'];

test.describe('server-rendered public pages, read without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its sections, and its links lead to articles', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '最新文章' })).toBeVisible();
    await expect(page.getByTestId('latest-articles').getByTestId('article-card')).toHaveCount(8);
    await expect(page.getByTestId('popular-articles').locator('li')).toHaveCount(5);
    await expect(page.getByTestId('featured-article')).toBeVisible();
    await expect(page.getByTestId('more-articles').getByTestId('article-card')).toHaveCount(10);
    await expect(page.getByTestId('carousel')).toBeVisible();
    const href = await page.getByTestId('latest-articles').locator('a[href^="/article/"]').first().getAttribute('href');
    await page.goto(href!);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByTestId('article-content')).not.toBeEmpty();
  });

  test('an article shows its title, body, table of contents, tags and related articles', async ({ page }) => {
    const res = await page.goto('/article/what-is-bitcoin');
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1')).toContainText('比特幣');
    await expect(page.getByTestId('article-content').locator('h2').first()).toBeVisible();
    const toc = page.getByTestId('toc');
    await expect(toc.getByRole('link').first()).toBeVisible();
    const anchor = await toc.getByRole('link').first().getAttribute('href');
    await expect(page.locator(`[id="${decodeURIComponent(anchor!.slice(1))}"]`)).toHaveCount(1);
    await expect(page.getByRole('list', { name: '標籤' }).getByRole('link').first()).toHaveAttribute('href', /^\/tag\//);
    await expect(page.getByTestId('related-articles').getByTestId('article-card').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: '主要分類' }).getByRole('link').first()).toHaveAttribute('href', /^\/category\//);
  });

  test('a category lists its articles; an unknown one is a 404 page', async ({ page }) => {
    await page.goto('/category/latest');
    await expect(page.getByRole('heading', { level: 1, name: '最新文章' })).toBeVisible();
    await expect(page.getByTestId('category-articles').getByTestId('article-card').first()).toBeVisible();
    const href = await page.getByRole('navigation', { name: '主要分類' }).getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    await expect(page.getByTestId('category-articles').getByTestId('article-card').first()).toBeVisible();
    const missing = await page.goto('/category/no-such-category');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('分類不存在')).toBeVisible();
    const missingArticle = await page.goto('/article/no-such-article');
    expect(missingArticle?.status()).toBe(404);
    await expect(page.getByText('文章不存在').first()).toBeVisible();
  });

  test('pages through /articles with the pager', async ({ page }) => {
    await page.goto('/articles');
    const first = await page.getByTestId('all-articles').locator('h2').first().textContent();
    await page.getByRole('navigation', { name: '分頁' }).getByRole('button', { name: '下一頁' }).click();
    await expect(page).toHaveURL(/\/articles\?page=2$/);
    await expect(page.getByTestId('all-articles').getByTestId('article-card').first()).toBeVisible();
    expect(await page.getByTestId('all-articles').locator('h2').first().textContent()).not.toBe(first);
    await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('searches with the header form', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('search').first();
    await form.getByRole('searchbox').fill('比特幣');
    await form.getByRole('button', { name: '搜尋' }).click();
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole('heading', { name: '「比特幣」的搜尋結果' })).toBeVisible();
    await expect(page.getByTestId('search-results').getByTestId('article-card').first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

async function collectProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('server-rendered public pages, hydrated', () => {
  test('hydrate on every public route without warnings or console errors', async ({ page }) => {
    test.setTimeout(90_000);
    const problems = await collectProblems(page);
    for (const route of ROUTES) {
      await page.goto(route);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // Effects and late chunks have loaded once the network is quiet.
      await page.waitForLoadState('networkidle');
      // A 404 page is expected to log its own failed API call; nothing else may appear.
      const unexpected = problems.filter((p) => !(route.includes('no-such') && /404|不存在/.test(p)));
      expect(unexpected, route).toEqual([]);
      problems.length = 0;
    }
  });

  test('shows the server HTML at once and does not fetch the page data again', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/') && req.method() === 'GET') apiCalls.push(url.pathname);
    });
    await page.goto('/article/what-is-bitcoin');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // A refetch would start from an effect after hydration, before the network goes quiet.
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    // After hydration the app navigates in place.
    await page.getByRole('link', { name: '所有文章' }).last().click();
    await expect(page).toHaveURL(/\/articles$/);
    await expect(page.getByTestId('all-articles').getByTestId('article-card').first()).toBeVisible();
    expect(apiCalls).toContain('/api/articles');
  });
});

test.describe('the home page when the API fails', () => {
  test('shows an error with a retry, not "no more articles yet", and recovers', async ({ page }) => {
    await page.goto('/search');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.route('**/api/articles**', (route) => route.abort());
    await page.getByRole('link', { name: '首頁' }).last().click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('載入資料失敗');
    await expect(page.getByText('暫無更多文章')).toHaveCount(0);
    await page.unroute('**/api/articles**');
    await alert.getByRole('button', { name: '重新載入' }).click();
    await expect(page.getByTestId('latest-articles').getByTestId('article-card')).toHaveCount(8);
  });
});
