import { expect, test } from '@playwright/test';

test.describe('the shell loading its micro-frontends', () => {
  test('serves the remote manifest and hashed, immutable, compressed assets', async ({ request }) => {
    const manifestRes = await request.get('/mf/manifest.json');
    expect(manifestRes.headers()['cache-control']).toBe('no-cache');
    const manifest = await manifestRes.json();
    expect(manifest.public.entry).toMatch(/^\/mf\/public\/remoteEntry\.js/);
    expect(manifest.admin.entry).toMatch(/^\/mf\/admin\/remoteEntry\.js/);

    const html = await (await request.get('/')).text();
    // A server-rendered page names its scripts in the starter that adds them after its first image.
    const script = /"(\/mf\/shell\/main\.[0-9a-f]{10}\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toMatch(/^(br|gzip)$/);

    const missing = await request.get('/mf/shell/no-such-file.js');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: expect.any(String) });
    const unknownPage = await request.get('/some/deep/page');
    expect(unknownPage.headers()['content-type']).toContain('text/html');
  });

  test('shows a friendly error with a retry when a remote cannot load, then recovers', async ({ page }) => {
    let block = true;
    await page.route('**/mf/public/remoteEntry.js*', (route) => (block ? route.abort() : route.continue()));
    await page.goto('/');
    await expect(page.getByRole('alert')).toContainText('頁面載入失敗');
    block = false;
    await page.getByRole('button', { name: '重新載入' }).click();
    await expect(page.getByRole('heading', { name: '最新文章' })).toBeVisible();
  });

  test('loads no admin code on a public page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '最新文章' })).toBeVisible();
    // The heading is in the server's HTML; the scripts come after the first image, then hydrate.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    expect(scripts.some((path) => path.startsWith('/mf/public/'))).toBe(true);
    expect(scripts.filter((path) => path.startsWith('/mf/admin/'))).toEqual([]);
  });

  test('shows the admin area or a friendly error under /admin, never a blank page', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.locator('footer')).toHaveCount(0);
  });
});
