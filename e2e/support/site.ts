import type { Page } from '@playwright/test';

/**
 * Waits until the shell and the public remote have rendered a page (the loading text is gone)
 * and React has taken over the server's HTML: before hydration a button does nothing.
 */
export async function waitForPublicPage(page: Page): Promise<void> {
  await page.locator('footer').waitFor();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByText('載入內容中…').first().waitFor({ state: 'detached' });
}

/**
 * Resolves once the page has painted twice after now: a key press or click handled synchronously
 * (a submit, a navigation, a validation message) has rendered by then. What a "nothing happened"
 * check waits for, instead of a fixed sleep.
 */
export async function afterNextPaint(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}
