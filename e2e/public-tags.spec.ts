import { expect, test } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { waitForPublicPage } from './support/site';

/** The same characters typed with a full-width keyboard (Ａ-Ｚ, ０-９). */
const fullWidth = (text: string) => Array.from(text, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');

test.describe('a reader following a hashtag', () => {
  test('goes from an article to its tag page, pages through it, and every spelling of the tag meets there', async ({ page, request }) => {
    const marker = String(Date.now()).slice(-8);
    const tag = `Tag${marker}`;
    const token = await adminToken(request);
    const ids: number[] = [];
    try {
      // 13 articles: twelve with the tag as typed, one with its full-width spelling; one page of 12 and a second of one.
      for (let i = 0; i < 13; i += 1) {
        const spelling = i === 12 ? fullWidth(tag) : tag;
        const created = await request.post('/api/articles/admin', {
          headers: bearer(token),
          multipart: { title: `標籤旅程 ${marker} 第 ${i + 1} 篇`, content: '<p>標籤頁的文章</p>', status: 'published', tags: JSON.stringify([spelling, '比特幣']), published_at: new Date(Date.UTC(2001, 0, 1, 0, i)).toISOString() },
        });
        expect(created.ok(), `creating an article answered ${created.status()}`).toBe(true);
        ids.push(((await created.json()) as { id: number }).id);
      }
      const newest = (await (await request.get(`/api/articles/admin/${ids[12]}`, { headers: bearer(token) })).json()) as { slug: string };

      await page.goto(`/article/${encodeURIComponent(newest.slug)}`);
      await waitForPublicPage(page);
      await page.getByRole('list', { name: '標籤' }).getByRole('link', { name: `#${fullWidth(tag)}` }).click();
      const tagPath = `/tag/${tag.toLowerCase()}`;
      await expect(page).toHaveURL(new RegExp(`${tagPath}$`));
      await expect(page.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible();
      await expect(page.getByTestId('tag-count')).toHaveText('共 13 篇文章');
      const cards = page.getByTestId('tag-articles').getByTestId('article-card');
      await expect(cards).toHaveCount(12);
      await expect(cards.first()).toContainText(`第 13 篇`);
      await expect(page).toHaveTitle(new RegExp(`^標籤：${tag} \\| `));

      await page.getByRole('navigation', { name: '分頁' }).getByRole('button', { name: '下一頁' }).click();
      await expect(page).toHaveURL(new RegExp(`${tagPath}\\?page=2$`));
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(`第 1 篇`);

      // The page is server-rendered: its heading, count and cards are in the HTML itself.
      const html = await (await request.get(tagPath)).text();
      expect(html).toContain(`#${tag}</h1>`);
      expect(html).toContain('共 13 篇文章');
      expect(html).toContain(`href="${new URL(page.url()).origin}${tagPath}/rss.xml"`);

      // Typed in capitals or full width, the address lands on the one page.
      await page.goto(`/tag/${encodeURIComponent(fullWidth(tag))}`);
      await expect(page).toHaveURL(new RegExp(`${tagPath}$`));
      await expect(page.getByTestId('tag-count')).toHaveText('共 13 篇文章');

      const feed = await (await request.get(`${tagPath}/rss.xml`)).text();
      expect(feed.match(/<item>/g)).toHaveLength(13);
      expect(await (await request.get('/sitemaps/tags.xml')).text()).toContain(`${tagPath}</loc>`);
    } finally {
      for (const id of ids) await request.delete(`/api/articles/admin/${id}`, { headers: bearer(token) });
    }
    // Once no public article carries it, the tag is unknown.
    await page.goto(`/tag/tag${marker}`);
    await expect(page.getByText('標籤不存在')).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首頁' })).toBeVisible();
  });
});
