import { expect, test } from '@playwright/test';
import { waitForPublicPage } from './support/site';

test.describe('a reader meets a glossary term', () => {
  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test('taps a term in an article and reads its definition in place, then closes it', async ({ page }) => {
      await page.goto('/article/hardware-wallet-guide');
      await waitForPublicPage(page);
      const content = page.getByTestId('article-content');
      const term = content.locator('a.gl-term').first();
      const name = (await term.textContent())!;
      const tip = content.locator(`#${await term.getAttribute('aria-describedby')}`);
      await expect(tip).toBeHidden();
      const before = await content.boundingBox();

      await term.tap();
      await expect(tip).toBeVisible();
      await expect(tip).toHaveAttribute('role', 'tooltip');
      await expect(term).toHaveAccessibleDescription((await tip.textContent())!);
      await expect(page).toHaveURL('/article/hardware-wallet-guide');
      // Out of the flow: the article did not move or grow.
      expect(await content.boundingBox()).toEqual(before);

      await page.keyboard.press('Escape');
      await expect(tip).toBeHidden();

      // A second tap on an open term follows its link to the term's page.
      await term.tap();
      await expect(tip).toBeVisible();
      await term.tap();
      await expect(page).toHaveURL(/\/glossary\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(name).not.toBe('');
    });
  });

  test('hovers and focuses a term on a desktop; headings are never linked', async ({ page }) => {
    await page.goto('/article/hardware-wallet-guide');
    await waitForPublicPage(page);
    const content = page.getByTestId('article-content');
    await expect(content.locator('h1 a.gl-term, h2 a.gl-term, h3 a.gl-term')).toHaveCount(0);
    const term = content.locator('a.gl-term').first();
    const tip = content.locator(`#${await term.getAttribute('aria-describedby')}`);
    await term.hover();
    await expect(tip).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();
    await term.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(tip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
  });

  test('finds a term on the glossary page, grouped by Zhuyin then Latin letters, and opens its page', async ({ page }) => {
    const response = await page.goto('/glossary');
    expect(response!.status()).toBe(200);
    const html = await response!.text();
    expect(html).toContain('"@type":"DefinedTermSet"');
    await expect(page.getByRole('heading', { level: 1, name: '術語表' })).toBeVisible();
    const groups = page.getByRole('navigation', { name: '依字首跳到' }).getByRole('link');
    await expect(groups.first()).toHaveText('ㄅ');
    await expect(page.getByRole('heading', { level: 2, name: 'ㄌ' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'D' })).toBeVisible();
    const entry = page.getByTestId('glossary-term').filter({ hasText: '冷錢包' });
    await expect(entry).toContainText('cold wallet');
    await entry.getByRole('link', { name: '冷錢包' }).click();
    await expect(page).toHaveURL('/glossary/cold-wallet');
    await expect(page.getByTestId('glossary-definition')).toContainText('私鑰離線保存');
    await expect(page.getByRole('heading', { level: 2, name: '相關術語' })).toBeVisible();
    await expect(page.getByTestId('glossary-articles').getByRole('link', { name: /冷錢包怎麼選/ })).toBeVisible();
    const termPage = await page.request.get('/glossary/cold-wallet');
    expect(await termPage.text()).toContain('"@type":"DefinedTerm"');
    const index = await (await page.request.get('/sitemap.xml')).text();
    expect(index).toContain('/sitemaps/glossary.xml</loc>');
    const sitemap = await (await page.request.get('/sitemaps/glossary.xml')).text();
    expect(sitemap).toContain('/glossary</loc>');
    expect(sitemap).toContain('/glossary/cold-wallet</loc>');
  });
});
