import { expect, test } from '@playwright/test';
import { waitForPublicPage } from './support/site';

/**
 * The demo glossary's Simplified aliases (冷钱包, 比特币 …) link article bodies (glossary.test.ts) but are never shown:
 * the site shows Traditional Chinese only (docs/product.md §3 Glossary).
 */
test('the glossary and a term page show no Simplified alias (linking by it is the content service test\'s)', async ({ page }) => {
  await page.goto('/glossary/cold-wallet');
  await waitForPublicPage(page);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: '冷錢包' })).toBeVisible();
  await expect(main.getByText('又稱 cold wallet、硬體錢包、Hardware Wallet')).toBeVisible();
  expect(await page.content()).not.toContain('冷钱包');

  await page.goto('/glossary');
  await waitForPublicPage(page);
  await expect(page.locator('main').getByRole('link', { name: '冷錢包' })).toBeVisible();
  const html = await page.content();
  for (const simplified of ['冷钱包', '比特币', '区块链', '稳定币', '助记词']) expect(html).not.toContain(simplified);

});
