import { expect, test, type Page } from '@playwright/test';
import { waitForPublicPage } from './support/site';

/**
 * A public path whose segment cannot be decoded (a bad percent-escape) is the site's 404 page in
 * the browser too: served, hydrated, and reached by a link once the app renders pages in the
 * browser (react-router's location) — never a spinner waiting for data that will not come. The
 * rule for such a path is namesNothing (packages/rules/src/page-route.ts).
 */
const CASES = [
  ['/tag/%ZZ', '標籤不存在'],
  ['/article/%ff', '找不到頁面'],
  ['/category/%E0', '找不到頁面'],
] as const;

async function showsNotFound(page: Page, title: string): Promise<void> {
  const main = page.locator('main');
  await expect(main.getByText(title, { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: '返回首頁' })).toBeVisible();
  await expect(page.getByText('載入內容中…')).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
}

test.describe('an undecodable public path', () => {
  for (const [path, title] of CASES) {
    test(`${path} is the ${title} page when served and after hydration`, async ({ page }) => {
      const served = await page.request.get(path);
      expect(served.status()).toBe(404);
      const html = await served.text();
      expect(html).toContain(title);
      expect(html).not.toContain('載入內容中');

      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await waitForPublicPage(page);
      await showsNotFound(page, title);
    });

    test(`${path} is the ${title} page when a link in the site leads there`, async ({ page }) => {
      await page.goto('/glossary');
      await waitForPublicPage(page);
      // A link to it in the page, followed in place: the app renders it in the browser.
      await page.locator('main').evaluate((main, href) => {
        const link = document.createElement('a');
        link.href = href;
        link.textContent = '壞掉的連結';
        main.prepend(link);
      }, path);
      await page.getByRole('link', { name: '壞掉的連結' }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[%]/g, '%')}$`));
      await showsNotFound(page, title);
    });
  }
});
