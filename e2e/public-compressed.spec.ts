import { expect, test } from '@playwright/test';

// What a browser gets for a cached page: brotli made once per page, each response joined around
// its own nonce. Chromium decodes it, runs the scripts the policy allows, and the page hydrates.

test('a page arrives compressed once, with the nonce its policy names, and hydrates', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));

  const seen = new Set<string>();
  for (const route of ['/', '/article/what-is-bitcoin']) {
    // A page's brotli form is made once the page is asked for again: gzip until then.
    await page.request.get(route);
    // The brotli form is made in the background after that first answer; ask until it is there.
    await expect.poll(async () => (await page.request.get(route, { headers: { 'accept-encoding': 'br' } })).headers()['content-encoding'], { timeout: 5_000 }).toBe('br');
    const response = await page.goto(route);
    const headers = response!.headers();
    expect(headers['content-encoding'], route).toBe('br');
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];
    expect(nonce, route).toBeDefined();
    expect(seen.has(nonce!), 'a fresh nonce per response').toBe(false);
    seen.add(nonce!);

    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Every script of ours carries the nonce of this response's policy (the browser hides the attribute, not the property).
    const nonces = await page.locator('script[nonce]').evaluateAll((scripts) => [...new Set(scripts.map((script) => (script as HTMLScriptElement).nonce))]);
    expect(nonces, route).toEqual([nonce]);
    // Late chunks and effects have loaded once the network is quiet: their errors would be in by then.
    await page.waitForLoadState('networkidle');
    expect(problems, route).toEqual([]);
  }
});
