import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { uniqueName } from './support/admin-ui';

/** Demo articles no other journey edits: the path's three lessons, in this order. */
const LESSONS = ['lightning-network-intro', 'bitcoin-mining-taiwan', 'bitcoin-price-history'];

async function createPath(request: APIRequestContext, title: string): Promise<{ slug: string; lessons: Array<{ id: number; slug: string; title: string }> }> {
  const lessons = [];
  for (const slug of LESSONS) lessons.push((await (await request.get(`/api/articles/${slug}`)).json()) as { id: number; slug: string; title: string });
  const res = await request.post('/api/admin/learning-paths', {
    headers: bearer(await adminToken(request)),
    data: { title, level: '入門', description: '端對端測試的學習路徑', article_ids: lessons.map((lesson) => lesson.id) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { slug: ((await res.json()) as { slug: string }).slug, lessons };
}

/** Every layout shift the page has had since it started loading. */
const layoutShift = (page: Page) =>
  page.evaluate(() => new Promise<number>((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
  }));

test.describe('a reader following a learning path', () => {
  test('reads lessons in order, closes the browser, comes back to the same progress, and clears it', async ({ browser, request }) => {
    const title = uniqueName('路徑');
    const { slug, lessons } = await createPath(request, title);
    const pathUrl = `/learn/${encodeURIComponent(slug)}`;

    const first = await browser.newContext();
    const page = await first.newPage();
    await page.goto('/learn');
    const card = page.getByTestId('learning-path-card').filter({ hasText: title });
    await expect(card).toContainText('共 3 課');
    await expect(card).toContainText('尚未開始');
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(pathUrl);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const lessonTitles = page.getByTestId('path-lessons').getByRole('heading', { level: 2 });
    await expect(lessonTitles).toHaveText(lessons.map((lesson) => lesson.title));
    await expect(page.getByTestId('path-lessons').getByText(/^約 \d+ 分鐘$/)).toHaveCount(3);
    await expect(page.getByTestId('path-facts')).toHaveText(/^共 3 課．約 \d+ 分鐘$/);
    const progress = page.getByTestId('path-progress');
    await expect(progress.locator('[data-progress-summary]')).toHaveText('尚未開始．共 3 課');

    // Lesson 1, then on to lesson 2 by the article's own 下一課.
    await progress.getByRole('link', { name: `開始第 1 課：${lessons[0]!.title}` }).click();
    await expect(page).toHaveURL(`/article/${LESSONS[0]}`);
    // Other journeys' paths may hold the same articles: each path has a navigation of its own.
    const nav = page.getByRole('navigation', { name: `學習路徑：${title}` });
    await expect(nav.locator('p').first()).toHaveText(`${title}．第 1 課／共 3 課`);
    await expect(nav.locator('a[rel="prev"]')).toHaveCount(0);
    await expect(nav.locator('a[rel="next"]')).toHaveText(`下一課${lessons[1]!.title}`);
    await nav.locator('a[rel="next"]').click();
    await expect(page).toHaveURL(`/article/${LESSONS[1]}`);
    await expect(nav.locator('p').first()).toHaveText(`${title}．第 2 課／共 3 課`);
    await expect(nav.locator('a[rel="prev"]')).toHaveText(`上一課${lessons[0]!.title}`);

    // The browser is closed; what it kept is all the next one gets.
    const kept = await first.storageState();
    await first.close();
    const second = await browser.newContext({ storageState: kept });
    const again = await second.newPage();
    await again.goto(pathUrl);
    const summary = again.getByTestId('path-progress').locator('[data-progress-summary]');
    await expect(summary).toHaveText('已讀 2／3 課');
    await expect(again.getByTestId('path-progress').getByRole('link', { name: `繼續第 3 課：${lessons[2]!.title}` })).toHaveAttribute('href', `/article/${LESSONS[2]}`);
    const marks = again.getByTestId('path-lessons').getByText('已讀', { exact: true });
    await expect(marks.nth(0)).toBeVisible();
    await expect(marks.nth(1)).toBeVisible();
    await expect(marks.nth(2)).toBeHidden();
    // The progress was written into room the page had reserved: nothing moved.
    expect(await layoutShift(again)).toBe(0);

    await again.goto('/learn');
    await expect(again.getByTestId('learning-path-card').filter({ hasText: title }).locator('[data-path-progress]')).toHaveText(`已讀 2／3 課．下一課：${lessons[2]!.title}`);
    expect(await layoutShift(again)).toBe(0);

    await again.goto(pathUrl);
    await expect(summary).toHaveText('已讀 2／3 課');
    await again.getByRole('button', { name: '清除進度' }).click();
    await expect(summary).toHaveText('尚未開始．共 3 課');
    await expect(marks.nth(0)).toBeHidden();
    await again.reload();
    await expect(again.getByTestId('path-lessons')).toBeVisible();
    await expect(summary).toHaveText('尚未開始．共 3 課');
    await second.close();
  });

  test('writes the path as a Course and an ItemList, and lists it in the sitemap', async ({ request }) => {
    const title = uniqueName('結構化');
    const { slug, lessons } = await createPath(request, title);
    const html = await (await request.get(`/learn/${encodeURIComponent(slug)}`)).text();
    const schemas = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    expect(schemas.find((schema) => schema['@type'] === 'Course')).toMatchObject({ name: title, description: '端對端測試的學習路徑' });
    expect(schemas.find((schema) => schema['@type'] === 'ItemList').itemListElement.map((item: { name: string }) => item.name)).toEqual(lessons.map((lesson) => lesson.title));
    const sitemap = await (await request.get('/sitemaps/learn.xml')).text();
    expect(sitemap).toContain(`/learn/${encodeURIComponent(slug)}</loc>`);
    expect(await (await request.get('/sitemap.xml')).text()).toContain('/sitemaps/learn.xml');
  });
});
