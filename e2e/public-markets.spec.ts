import { expect, test } from '@playwright/test';
import { bearer } from './support/admin-api';
import { signInWithToken } from './support/admin-ui';

// Market data (docs/product.md, Market data): prices in the server's HTML on every page, a coin's
// page with its charts, an article's price since publication; the admin orders the ticker.
// The stack's markets service reads the provider stand-in (scripts/stack/markets-stand-in.ts).

test.describe('a reader on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sees the ticker at first paint, opens a coin page, reads an article with its price since publication', async ({ page, request }) => {
    // In the HTML the server sends, before any script has run.
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<aside class="cm-tk" aria-label="幣價"><ul><li><a href="\/coin\/btc"><b>BTC<\/b> NT\$[\d,]+ <small>US\$[\d,]+<\/small> <span class="cm-tk-(up|down|flat)">[+-]?\d+\.\d%<\/span>/);
    expect(html).toContain('價格僅供參考，不構成投資建議');

    await page.goto('/');
    const ticker = page.getByRole('complementary', { name: '幣價' });
    await expect(ticker).toBeVisible();
    const box = await ticker.boundingBox();
    expect(box!.height).toBeCloseTo(36, 0);

    await ticker.getByRole('link', { name: /BTC/ }).click();
    await expect(page).toHaveURL(/\/coin\/btc$/);
    await expect(page.getByRole('heading', { level: 1, name: '比特幣（BTC）' })).toBeVisible();
    await expect(page.getByTestId('coin-quote')).toContainText(/NT\$[\d,]+/);
    await expect(page.getByRole('img', { name: '7 日走勢（新台幣）' })).toBeVisible();
    await expect(page.getByRole('img', { name: '90 日走勢（新台幣）' })).toBeVisible();

    await page.goto('/article/bitcoin-halving-2024');
    await expect(page.getByTestId('price-since')).toContainText(/^發布時 BTC NT\$[\d,]+ → 現在 NT\$[\d,]+（[+-]?\d+\.\d%）/);
  });
});

test('the admin reorders the ticker, adds a coin from the provider’s list, and the next page shows them', async ({ page, request }) => {
  const token = await signInWithToken(page, request);
  const headers = bearer(token);
  const before = await (await request.get('/api/admin/markets', { headers })).json();
  try {
    await page.goto('/admin/markets');
    await expect(page.getByRole('heading', { name: '行情設定' })).toBeVisible();
    await page.getByRole('button', { name: '上移 ETH' }).click();
    await page.getByLabel('搜尋幣種（名稱或代號）').fill('狗狗');
    await page.getByRole('button', { name: '加入 DOGE' }).click();
    // A coin not priced yet, from CoinGecko's list (the stand-in's): two coins share the symbol UNI.
    await page.getByLabel('搜尋幣種（名稱或代號）').fill('uni');
    await expect(page.getByTestId('listed-coins')).toContainText('Unicorn Token（UNI，unicorn-token）');
    // A second coin for a symbol priced already is refused, in words that say why.
    await page.getByLabel('搜尋幣種（名稱或代號）').fill('batcat');
    await page.getByRole('button', { name: '加入 BTC（batcat）' }).click();
    await expect(page.getByText('代號 BTC 已由「比特幣」使用，同一代號只能有一個幣種；請先移除「比特幣」')).toBeVisible();
    await page.getByLabel('搜尋幣種（名稱或代號）').fill('chainlink');
    await page.getByRole('button', { name: '加入 LINK（Chainlink）' }).click();
    await expect(page.getByText('已加入 Chainlink，儲存後顯示在跑馬燈')).toBeVisible();
    await expect(page.getByTestId('ticker-order')).toContainText('Chainlink（LINK）');
    await page.getByRole('button', { name: '儲存' }).click();
    await expect(page.getByText('已儲存行情設定')).toBeVisible();

    const html = await (await request.get('/coins')).text();
    const ticker = /<aside class="cm-tk".*?<\/aside>/.exec(html)![0];
    const order = [...ticker.matchAll(/<li><a href="\/coin\/(\w+)">/g)].map((match) => match[1]);
    expect(order).toEqual(['eth', 'btc', 'usdt', 'sol', 'doge', 'link']);
    const coinPage = await request.get('/coin/link');
    expect(coinPage.status()).toBe(200);
    expect(await coinPage.text()).toContain('Chainlink');

    // Stopping it takes it off the next page's ticker (its page goes once the gateway's 30-second copy expires).
    await page.reload();
    await page.getByRole('button', { name: '停止報價 LINK' }).click();
    await expect(page.getByText('已停止 LINK 的報價')).toBeVisible();
    await expect(page.getByTestId('ticker-order')).not.toContainText('Chainlink');
    const after = /<aside class="cm-tk".*?<\/aside>/.exec(await (await request.get('/coins')).text())![0];
    expect([...after.matchAll(/<li><a href="\/coin\/(\w+)">/g)].map((match) => match[1])).toEqual(['eth', 'btc', 'usdt', 'sol', 'doge']);
  } finally {
    await request.delete('/api/admin/markets/coins/link', { headers });
    await request.put('/api/admin/markets/settings', { headers, data: { ticker: before.ticker, tags: Object.fromEntries(before.catalogue.map((coin: { symbol: string; tag: string }) => [coin.symbol, coin.tag])) } });
  }
});
