import { expect, test } from '@playwright/test';
import { waitForPublicPage } from './support/site';

interface Detail {
  slug: string;
  title: string;
  tags: string;
  toc: { id: string; text: string; level: number }[];
  relatedArticles: unknown[];
  view_count: number;
  category_name: string | null;
}

async function articleWithToc(request: import('@playwright/test').APIRequestContext): Promise<Detail> {
  const list = await (await request.get('/api/articles?limit=20')).json();
  for (const summary of list.articles as { slug: string }[]) {
    const detail = (await (await request.get(`/api/articles/${summary.slug}`)).json()) as Detail;
    if (detail.toc.length >= 3 && detail.tags) return detail;
  }
  throw new Error('the demo content has no article with a table of contents');
}

test.describe('a visitor reading an article', () => {
  test('sees the article with its facts, tags, related cards and table of contents', async ({ page, request }) => {
    const article = await articleWithToc(request);
    await page.goto(`/article/${article.slug}`);
    await waitForPublicPage(page);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByText('約 5 分鐘閱讀')).toBeVisible();
    await expect(page.locator('article time').first()).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
    await expect(page.locator('article').first()).toContainText(/\d[\d,]* 次瀏覽/);
    const firstTag = article.tags.split(',')[0]!.trim();
    await expect(page.getByRole('link', { name: `#${firstTag}` })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: '麵包屑' });
    await expect(breadcrumb.getByRole('link', { name: '首頁' })).toBeVisible();
    if (article.category_name) await expect(breadcrumb).toContainText(article.category_name);

    const related = page.getByTestId('related-articles').getByTestId('article-card');
    await expect(related).toHaveCount(Math.min(3, article.relatedArticles.length));

    const toc = page.getByTestId('toc');
    await expect(toc.getByRole('heading', { name: '目錄' })).toBeVisible();
    await expect(toc.getByRole('link')).toHaveCount(article.toc.length);
    const deeper = article.toc.find((entry) => entry.level > Math.min(...article.toc.map((e) => e.level)));
    if (deeper) {
      const padding = await toc.locator(`li[data-level="${deeper.level}"]`).first().evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
      expect(padding).toBeGreaterThan(0);
    }
  });

  test('jumps to a heading from the table of contents', async ({ page, request }) => {
    const article = await articleWithToc(request);
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(`/article/${article.slug}`);
    await waitForPublicPage(page);
    const last = article.toc[article.toc.length - 1]!;
    const heading = page.locator(`[data-testid="article-content"] [id="${last.id}"]`);
    await expect(heading).not.toBeInViewport();
    await page.getByTestId('toc').getByRole('link', { name: last.text }).click();
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`#${encodeURIComponent(last.id)}$`));
  });

  test.describe('as a reader not seen before', () => {
    // One view per reader (address + browser) per article and half hour: this test's browser is new.
    test.use({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) e2e-reader-${process.pid}-${Date.now()}` });

    test('counts the view once per visit and shows the count the beacon answers', async ({ page, request }) => {
      const article = await articleWithToc(request);
      const before = ((await (await request.get(`/api/articles/${article.slug}`)).json()) as Detail).view_count;
      const beacons: string[] = [];
      const answers: Array<{ view_count: number; counted: boolean }> = [];
      const beaconPath = new RegExp(`/api/articles/${encodeURIComponent(article.slug)}/views\\?pv=[0-9a-f-]{36}$`);
      page.on('request', (req) => {
        if (req.method() === 'POST' && beaconPath.test(req.url())) beacons.push(req.url());
      });
      page.on('response', async (res) => {
        if (res.request().method() === 'POST' && beaconPath.test(res.url())) answers.push(await res.json());
      });
      await page.goto(`/article/${article.slug}`);
      await waitForPublicPage(page);
      await expect.poll(() => answers.length).toBe(1);
      expect(answers[0]!.counted).toBe(true);
      expect(answers[0]!.view_count).toBeGreaterThan(before);
      await expect(page.locator('article header').getByText(`${answers[0]!.view_count.toLocaleString('zh-TW')} 次瀏覽`)).toBeVisible();
      expect(beacons).toHaveLength(1);
    });

    test('sends the referring site\'s host with the beacon, and only the host', async ({ page, request }) => {
      const article = await articleWithToc(request);
      const beacons: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && req.url().includes(`/api/articles/${encodeURIComponent(article.slug)}/views?`)) beacons.push(req.url());
      });
      await page.goto(`/article/${article.slug}`, { referer: 'https://l.facebook.com/l.php?u=secret&h=reader-token' });
      await waitForPublicPage(page);
      await expect.poll(() => beacons.length).toBe(1);
      expect(new URL(beacons[0]!).search).toMatch(/^\?pv=[0-9a-f-]{36}&r=l\.facebook\.com$/);
    });
  });

  test('has article metadata in the head, written by the server and kept by the page', async ({ page, request }) => {
    const article = await articleWithToc(request);
    const html = await (await request.get(`/article/${article.slug}`)).text();
    expect(html).toContain('<meta property="og:type" content="article"');
    expect(html).toContain('"@type":"NewsArticle"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toMatch(/<meta property="article:published_time" content="[^"]+"/);
    expect(html).toContain('<meta property="og:image:width" content="1200"');

    await page.goto(`/article/${article.slug}`);
    await waitForPublicPage(page);
    await expect(page).toHaveTitle(new RegExp(`^${article.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/article/${article.slug}$`));
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', new RegExp(article.tags.split(',')[0]!.trim()));
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });

  test('says the article does not exist for an unknown slug', async ({ page }) => {
    const res = await page.goto('/article/no-such-article-e2e');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('文章不存在')).toBeVisible();
    await expect(page.getByText('這篇文章可能已被刪除或移動')).toBeVisible();
    await page.getByRole('link', { name: '返回首頁' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: '最新文章' })).toBeVisible();
  });
});
