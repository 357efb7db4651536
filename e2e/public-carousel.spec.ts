import { expect, test, type Page } from '@playwright/test';
import { startFaultyContent, startGatewayOver, type Fault, type FaultyContent } from './support/faulty-content';
import { afterNextPaint, waitForPublicPage } from './support/site';

/**
 * The hero carousel as a plain script on the server's page (docs/adr/0011-islands.md) and as the
 * app's component after a move in place: one behaviour (carousel-controller.ts) in both.
 */

const carousel = (page: Page) => page.getByTestId('carousel');
const dots = (page: Page) => carousel(page).getByRole('button', { name: /^第 \d+ 則/ });
const position = (page: Page) => carousel(page).locator('[data-position]');

/** Every script the page loaded, with its text. */
function scriptsOf(page: Page): { url: string; text: Promise<string> }[] {
  const scripts: { url: string; text: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), text: response.text().catch(() => '') });
  });
  return scripts;
}

test.describe('the home page carousel', () => {
  test('runs without React: a home page no one touches loads neither react nor react-dom', async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto('/');
    await waitForPublicPage(page);
    await expect(dots(page).nth(0)).toHaveAttribute('aria-current', 'true');
    await carousel(page).getByRole('button', { name: '下一則' }).click();
    await expect(dots(page).nth(1)).toHaveAttribute('aria-current', 'true');
    expect(scripts.some((script) => script.url.includes('/mf/public/'))).toBe(true);
    for (const script of scripts) {
      const text = await script.text;
      // react-dom's client exports hydrateRoot, react exports useState: names minifying keeps.
      expect(text.includes('hydrateRoot') || text.includes('useState'), script.url).toBe(false);
    }
  });

  test('slides for 500 ms, then settles silently on the real slide after passing either end', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    const count = await dots(page).count();
    const slides = async () => {
      await expect(position(page)).toHaveCSS('transition-property', 'transform');
      await expect(position(page)).toHaveCSS('transition-duration', '0.5s');
      await expect(position(page)).toHaveCSS('transition-timing-function', 'ease');
    };
    await slides();
    // Back from the first: the copy of the last at position 0, then the real last without a slide.
    await carousel(page).getByRole('button', { name: '上一則' }).click();
    await expect(position(page)).toHaveAttribute('data-position', '0');
    await expect(position(page)).toHaveAttribute('data-position', String(count));
    await expect(position(page)).toHaveCSS('transition-property', 'none');
    await expect(dots(page).nth(count - 1)).toHaveAttribute('aria-current', 'true');
    await expect(dots(page).and(page.locator('[aria-current]'))).toHaveCount(1);
    // The next press slides again, from the real last onto the copy of the first, then to the first.
    await carousel(page).getByRole('button', { name: '下一則' }).click();
    await slides();
    await expect(position(page)).toHaveAttribute('data-position', '1');
    await expect(dots(page).nth(0)).toHaveAttribute('aria-current', 'true');
    // Only the slide shown can be reached: the others are hidden and inert.
    await expect(carousel(page).locator('[aria-hidden="false"]')).toHaveCount(1);
    await expect(carousel(page).locator('[aria-roledescription="slide"]:not([inert])')).toHaveCount(1);
  });

  test("a slide whose image fails is marked failed, as an image of the page is", async ({ page }) => {
    const slides = (await (await page.request.get('/api/articles/carousel')).json()) as { featured_image: string | null }[];
    const image = slides.find((slide) => slide.featured_image?.startsWith('/uploads/'))?.featured_image;
    expect(image).toBeTruthy();
    const stem = image!.slice('/uploads/'.length).replace(/\.[a-z]+$/i, '');
    await page.route(`**/uploads/${stem}*`, (route) => route.abort());
    await page.goto('/');
    await waitForPublicPage(page);
    const failed = carousel(page).locator('[data-image-failed="true"]');
    await expect(failed.first()).toBeAttached();
    await expect(failed.first().locator('img')).toHaveCount(0);
  });

  test('after a move in place the app renders it, and it still moves on a press and on its own', async ({ page }) => {
    await page.goto('/article/what-is-bitcoin');
    await waitForPublicPage(page);
    await page.getByRole('link', { name: '首頁' }).last().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(dots(page).nth(0)).toHaveAttribute('aria-current', 'true');
    const count = await dots(page).count();
    await carousel(page).getByRole('button', { name: '上一則' }).click();
    await expect(dots(page).nth(count - 1)).toHaveAttribute('aria-current', 'true');
    await expect(position(page)).toHaveAttribute('data-position', String(count));
    await dots(page).nth(0).click();
    await expect(dots(page).nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(dots(page).nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 8_000 });
  });
});

test.describe('the home page carousel on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('moves with a sideways swipe and leaves an up-and-down one to the page', async ({ page }) => {
    await page.goto('/');
    await waitForPublicPage(page);
    const count = await dots(page).count();
    const box = (await carousel(page).boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [to] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    // Finger to the right: the previous slide (from the first, the last).
    await swipe({ x: box.x + 60, y }, { x: box.x + box.width - 60, y });
    await expect(dots(page).nth(count - 1)).toHaveAttribute('aria-current', 'true');
    await expect(position(page)).toHaveAttribute('data-position', String(count));
    // Finger to the left: the next one.
    await swipe({ x: box.x + box.width - 60, y }, { x: box.x + 60, y });
    await expect(dots(page).nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(position(page)).toHaveAttribute('data-position', '1');
    // Mostly downwards: the page's, not the carousel's.
    await swipe({ x: box.x + box.width / 2, y: box.y + 20 }, { x: box.x + box.width / 2 + 30, y: box.y + box.height - 20 });
    await afterNextPaint(page);
    await expect(dots(page).nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(position(page)).toHaveAttribute('data-position', '1');
  });
});

test.describe('a home page the server could not read', () => {
  // Mutable on purpose: the faulty service reads it on each request, so the test can heal it.
  const faults: Fault[] = [{ method: 'GET', path: /^\/api\/articles(\/|\?|$)/, answer: { status: 500, text: '<h1>500 Internal Server Error</h1>' } }];
  let content: FaultyContent;
  let gateway: { base: string; stop: () => Promise<void> };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    content = await startFaultyContent(faults);
    gateway = await startGatewayOver(content.url);
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await content?.close();
  });

  test('offers 重新載入, which reads the page again before the app has run', async ({ page }) => {
    const response = await page.goto(`${gateway.base}/`);
    expect(response?.status()).toBe(503);
    await waitForPublicPage(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('載入資料失敗');
    faults.splice(0);
    const history = await page.evaluate(() => window.history.length);
    await alert.getByRole('button', { name: '重新載入' }).click();
    await expect(page.getByTestId('latest-articles').getByTestId('article-card')).toHaveCount(8);
    await expect(page.getByTestId('carousel')).toBeVisible();
    expect(page.url()).toBe(`${gateway.base}/`);
    expect(await page.evaluate(() => window.history.length)).toBe(history);
  });
});
