import type { Page } from '@playwright/test';

/** Waits until the shell and the public remote have rendered a page (the loading text is gone). */
export async function waitForPublicPage(page: Page): Promise<void> {
  await page.locator('footer').waitFor();
  await page.getByText('載入內容中…').first().waitFor({ state: 'detached' });
}
