import { expect, test } from '@playwright/test';
import { adminToken, bearer } from './support/admin-api';
import { signInWithToken, uniqueName } from './support/admin-ui';

test.describe('an editor sharing a draft through a preview link', () => {
  test('makes a link in the article form, a signed-out reader opens it, the editor revokes it', async ({ page, browser, request }) => {
    const token = await signInWithToken(page, request);
    const title = uniqueName('預覽連結草稿');
    const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title, content: '<h2>第一節</h2><p>尚未公開的內文</p>', status: 'draft', tags: '["預覽標籤"]' } });
    expect(created.ok(), `creating the draft answered ${created.status()}`).toBe(true);
    const draft = (await created.json()) as { id: number; slug: string };
    try {
      await page.goto(`/admin/articles/edit/${draft.id}`);
      const panel = page.getByRole('region', { name: '預覽連結' });
      await expect(panel.getByText('尚無預覽連結')).toBeVisible();
      await panel.getByRole('button', { name: '建立預覽連結' }).click();
      const address = await panel.getByLabel('新的預覽連結').inputValue();
      expect(address).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
      await expect(panel.getByRole('list', { name: '預覽連結列表' }).getByRole('listitem')).toHaveCount(1);
      await expect(panel.getByRole('listitem').first()).toContainText('有效');

      // A colleague with no session opens it: the article page as publishing will show it, under a banner.
      const reader = await browser.newContext();
      const readerPage = await reader.newPage();
      const answer = await readerPage.goto(address);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()['cache-control']).toBe('private, no-store');
      expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expect(readerPage.getByTestId('preview-banner')).toHaveText('預覽：這篇文章尚未公開，請勿轉傳。');
      await expect(readerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(readerPage.getByText('尚未公開的內文')).toBeVisible();
      await expect(readerPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      // Server-rendered, with the banner, and the public article page still knows nothing of it.
      const html = await (await request.get(address)).text();
      expect(html).toContain('預覽：這篇文章尚未公開');
      expect((await request.get(`/article/${encodeURIComponent(draft.slug)}`)).status()).toBe(404);

      // Revoked: the next open says so, in the product's words.
      await panel.getByRole('button', { name: '撤銷' }).click();
      await expect(panel.getByRole('listitem').first()).toContainText('已撤銷');
      const gone = await readerPage.goto(address);
      expect(gone?.status()).toBe(404);
      await expect(readerPage.getByText('預覽連結已失效')).toBeVisible();
      await expect(readerPage.getByText('這個預覽連結已被撤銷或已過期')).toBeVisible();
      await reader.close();
    } finally {
      await request.delete(`/api/articles/admin/${draft.id}`, { headers: bearer(token) });
    }
  });

  test('a link made before publication leads to the public page once the article is out', async ({ request }) => {
    const token = await adminToken(request);
    const created = await request.post('/api/articles/admin', { headers: bearer(token), multipart: { title: uniqueName('排程後發布'), content: '<p>內文</p>', status: 'draft' } });
    const draft = (await created.json()) as { id: number; slug: string };
    try {
      const link = (await (await request.post(`/api/articles/admin/${draft.id}/preview-links`, { headers: bearer(token), data: { days: 7 } })).json()) as { path: string };
      expect((await request.get(link.path)).status()).toBe(200);
      // Its API answer through the gateway: kept by no cache on the way, not indexed.
      const answer = await request.get(`/api${link.path}`);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['cache-control']).toBe('private, no-store');
      expect(answer.headers()['x-robots-tag']).toBe('noindex, nofollow');
      const published = await request.put(`/api/articles/admin/${draft.id}`, { headers: bearer(token), multipart: { title: '排程後發布（已公開）', content: '<p>內文</p>', status: 'published' } });
      expect(published.ok()).toBe(true);
      const moved = await request.get(link.path, { maxRedirects: 0 });
      expect(moved.status()).toBe(302);
      expect(moved.headers()['location']).toBe(`/article/${encodeURIComponent(draft.slug)}`);
      expect(moved.headers()['cache-control']).toBe('private, no-store');
    } finally {
      await request.delete(`/api/articles/admin/${draft.id}`, { headers: bearer(token) });
    }
  });
});
