import { expect, test } from '@playwright/test';
import { waitForPublicPage } from './support/site';

test.describe('a visitor on the home page', () => {
  test('sees the latest, popular, featured and more-articles sections', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    await expect(page.getByRole('heading', { name: '最新文章' })).toBeVisible();
    await expect(page.getByTestId('latest-articles').getByTestId('article-card')).toHaveCount(8);
    await expect(page.getByTestId('latest-articles').locator('time').first()).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    await expect(page.getByRole('link', { name: '查看更多' }).first()).toHaveAttribute('href', '/articles');

    await expect(page.getByRole('heading', { name: '熱門文章' })).toBeVisible();
    await expect(page.getByTestId('popular-articles').locator('li')).toHaveCount(5);
    await expect(page.locator('a[href="/category/popular"]', { hasText: '查看更多' })).toBeVisible();

    const featured = page.getByTestId('featured-article');
    await expect(page.getByRole('heading', { name: '精選文章' })).toBeVisible();
    await expect(featured).toContainText(/\d[\d,]* 次瀏覽/);
    const excerpt = (await featured.locator('p').first().textContent()) ?? '';
    expect(Array.from(excerpt.replace(/\.\.\.$/, '')).length).toBeLessThanOrEqual(200);

    await expect(page.getByRole('heading', { name: '更多文章' })).toBeVisible();
    await expect(page.getByTestId('more-articles').getByTestId('article-card')).toHaveCount(10);
  });

  test('moves the carousel with its arrows and dots', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    const carousel = page.getByTestId('carousel');
    await expect(carousel).toBeVisible();
    const dots = carousel.getByRole('button', { name: /^第 \d+ 則/ });
    const count = await dots.count();
    expect(count).toBeGreaterThan(1);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    await carousel.getByRole('button', { name: '下一則' }).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');

    await carousel.getByRole('button', { name: '上一則' }).click();
    await carousel.getByRole('button', { name: '上一則' }).click();
    // Back past the first slide lands on the last one, and the track settles on the real slide.
    await expect(dots.nth(count - 1)).toHaveAttribute('aria-current', 'true');
    await expect(carousel.locator('[data-position]')).toHaveAttribute('data-position', String(count));

    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    const activeTitle = carousel.locator('[aria-hidden="false"] a');
    await expect(activeTitle).toHaveCount(1);
    await expect(activeTitle).toHaveAttribute('href', /^\/article\//);
  });

  test('advances the carousel on its own every five seconds', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    const dots = page.getByTestId('carousel').getByRole('button', { name: /^第 \d+ 則/ });
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 8_000 });
  });

  test('reads more articles ten at a time from the API, in order and none twice, until none are left', async ({ page }) => {
    const listed = await (await page.request.get('/api/articles?limit=100')).json();
    const latest = await (await page.request.get('/api/articles/latest?limit=8')).json();
    const latestIds = new Set(latest.map((a: { id: number }) => a.id));
    const expected: string[] = listed.articles.filter((a: { id: number }) => !latestIds.has(a.id)).map((a: { slug: string }) => `/article/${encodeURIComponent(a.slug)}`);
    expect(expected.length).toBeGreaterThan(20);

    // The page carries the ten it shows, not the rest of the list.
    const html = await (await page.request.get('/')).text();
    const boot = JSON.parse(/<script id="coinmag-boot" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!);
    const home = boot.page.state.data;
    const href = (a: { slug: string }) => `/article/${encodeURIComponent(a.slug)}`;
    expect(home.more.articles.map(href)).toEqual(expected.slice(0, 10));
    const elsewhere = new Set([...home.carousel, ...home.latest, ...home.popular, home.featured].filter(Boolean).map((a: { id: number }) => a.id));
    const further: { id: number; slug: string }[] = listed.articles.filter((a: { id: number }) => !latestIds.has(a.id)).slice(10);
    const onlyFurtherDown = further.filter((a) => !elsewhere.has(a.id));
    expect(onlyFurtherDown.length).toBeGreaterThan(10);
    for (const article of onlyFurtherDown) {
      expect(html).not.toContain(`href="${href(article)}"`);
      expect(html).not.toContain(`"slug":${JSON.stringify(article.slug)}`);
    }

    const listCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/articles') listCalls.push(url.search);
    });
    await page.goto('/');
    await waitForPublicPage(page);
    const cards = page.getByTestId('more-articles').getByTestId('article-card');
    const button = page.getByRole('button', { name: '閱讀更多' });
    await expect(cards).toHaveCount(10);
    expect(listCalls).toEqual([]);
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(cards).toHaveCount(20);
    expect(listCalls.length).toBeGreaterThan(0);
    while ((await cards.count()) < expected.length) {
      const before = await cards.count();
      await button.click();
      await expect(cards).toHaveCount(Math.min(expected.length, before + 10));
    }
    await expect(button).toHaveCount(0);
    const shown = await cards.evaluateAll((all) => all.map((card) => card.querySelector('a')?.getAttribute('href')));
    expect(shown).toEqual(expected);
  });

  test('reads on without repeating or skipping when articles are published and taken down between presses', async ({ page }) => {
    const listed = (await (await page.request.get('/api/articles?limit=100')).json()).articles as { id: number; slug: string; published_at: string }[];
    const latest = await (await page.request.get('/api/articles/latest?limit=8')).json();
    const latestIds = new Set(latest.map((a: { id: number }) => a.id));
    const more = listed.filter((a) => !latestIds.has(a.id));
    expect(listed.length).toBeLessThan(100);
    // The list as the API will answer it: after the first press, two articles are published at
    // the top; after the second, two of those already shown are taken down.
    let list = listed;
    await page.route(
      (url) => url.pathname === '/api/articles',
      async (route) => {
        const url = new URL(route.request().url());
        const limit = Number(url.searchParams.get('limit'));
        const start = (Number(url.searchParams.get('page')) - 1) * limit;
        await route.fulfill({ json: { articles: list.slice(start, start + limit), pagination: { page: start / limit + 1, limit, pages: Math.ceil(list.length / limit), total: list.length } } });
      },
    );
    await page.goto('/');
    await waitForPublicPage(page);
    const cards = page.getByTestId('more-articles').getByTestId('article-card');
    const button = page.getByRole('button', { name: '閱讀更多' });
    await expect(cards).toHaveCount(10);
    await button.click();
    await expect(cards).toHaveCount(20);
    const now = new Date().toISOString();
    list = [{ ...listed[0]!, id: 900_001, slug: 'just-published-1', published_at: now }, { ...listed[0]!, id: 900_002, slug: 'just-published-2', published_at: now }, ...list];
    await button.click();
    await expect(cards).toHaveCount(30);
    list = list.filter((a) => a.id !== more[3]!.id && a.id !== more[15]!.id);
    while ((await cards.count()) < more.length) {
      const before = await cards.count();
      await button.click();
      await expect(cards).toHaveCount(Math.min(more.length, before + 10));
    }
    await expect(button).toHaveCount(0);
    const shown = await cards.evaluateAll((all) => all.map((card) => card.querySelector('a')?.getAttribute('href')));
    expect(shown).toEqual(more.map((a) => `/article/${encodeURIComponent(a.slug)}`));
  });

  test('says when more articles cannot be read, and reads them on the next press', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    const cards = page.getByTestId('more-articles').getByTestId('article-card');
    const button = page.getByRole('button', { name: '閱讀更多' });
    await expect(cards).toHaveCount(10);
    const articleList = (url: URL) => url.pathname === '/api/articles';
    await page.route(articleList, (route) => route.abort());
    await button.click();
    await expect(page.getByRole('alert')).toHaveText('取得文章失敗');
    await expect(cards).toHaveCount(10);
    await page.unroute(articleList);
    await button.click();
    await expect(cards).toHaveCount(20);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('shows the footer with the blurb, about-us links and copyright', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    const footer = page.locator('footer');
    await expect(footer).toContainText('幫助更多新手快速掌握最新的加密貨幣趨勢與資訊');
    await expect(footer).toContainText('關於我們');
    for (const name of ['加入社群', '追蹤我們']) {
      const link = footer.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    const settings = await (await page.request.get('/api/settings')).json();
    await expect(footer).toContainText(`© 2024 ${settings.site_title} 版權所有`);
    await expect(footer.getByRole('link', { name: '首頁' })).toHaveAttribute('href', '/');
    await expect(footer.getByRole('link', { name: '搜尋' })).toHaveAttribute('href', '/search');
  });

  test('gets a server-written head with title, description, canonical and Open Graph', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['cache-control']).toBe('no-cache');
    const html = await res.text();
    const settings = await (await request.get('/api/settings')).json();
    expect(html).toContain(`<title>${settings.site_title}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"/);
    expect(html).toContain('<meta property="og:type" content="website"');
  });
});
