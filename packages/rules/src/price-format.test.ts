import { describe, expect, it } from 'vitest';
import { changeDirection, formatChange, formatTaipeiTime, formatTwd, formatUsd } from './price-format.js';
import { renderTickerHtml } from './ticker-html.js';

describe('price formats', () => {
  it('writes whole dollars from 100 up and decimals below', () => {
    expect(formatTwd(3_050_000)).toBe('NT$3,050,000');
    expect(formatTwd(32.4)).toBe('NT$32.40');
    expect(formatUsd(0.1234)).toBe('US$0.1234');
  });

  it('signs every change and colours it by what is written', () => {
    expect(formatChange(5.06)).toBe('+5.1%');
    expect(formatChange(-0.34)).toBe('-0.3%');
    expect(formatChange(-0.04)).toBe('0.0%');
    expect(changeDirection(-0.04)).toBe('flat');
    expect(changeDirection(0.05)).toBe('up');
  });

  it('tells the time in Taiwan', () => {
    expect(formatTaipeiTime(Date.UTC(2026, 10, 26, 20, 5))).toBe('04:05');
  });
});

describe('the ticker', () => {
  const coin = { symbol: 'btc', name: '比特幣', twd: 3_050_000, usd: 94_135, change24h: -1.26, at: '2026-11-26T20:00:00.000Z' };

  it('is left out when there is nothing to show', () => {
    expect(renderTickerHtml([], Date.now())).toBe('');
  });

  it('shows both currencies, the signed change, the disclaimer, and no time while fresh', () => {
    const html = renderTickerHtml([coin], Date.parse(coin.at) + 60_000);
    expect(html).toContain('NT$3,050,000');
    expect(html).toContain('US$94,135');
    expect(html).toContain('<span class="cm-tk-down">-1.3%</span>');
    expect(html).toContain('價格僅供參考，不構成投資建議');
    expect(html).not.toContain('資料時間');
  });

  it('shows the time of a price older than two minutes', () => {
    expect(renderTickerHtml([coin], Date.parse(coin.at) + 3 * 60_000)).toContain('資料時間 04:00');
  });
});

describe('the price since publication', () => {
  it('reads as the issue words it', async () => {
    const { priceSinceLine } = await import('./price-format.js');
    expect(priceSinceLine('btc', 2_950_000, 3_100_000)).toBe('發布時 BTC NT$2,950,000 → 現在 NT$3,100,000（+5.1%）');
  });
});
