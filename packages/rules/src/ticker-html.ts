import { changeDirection, formatChange, formatTaipeiTime, formatTwd, formatUsd } from './price-format.js';
import { escapeHtml } from './page-meta.js';

/** What the ticker shows of a coin (the markets service's CoinQuote, `at` in ISO). */
export interface TickerCoin {
  symbol: string;
  name: string;
  twd: number;
  usd: number;
  change24h: number;
  at: string;
}

/** Written beside prices wherever they appear. */
export const PRICE_DISCLAIMER = '價格僅供參考，不構成投資建議';
/** A price older than this carries its time. */
export const PRICE_STALE_AFTER_MS = 2 * 60_000;

/**
 * The ticker under the header: each coin's TWD and USD price and 24 h change, 「資料時間 HH:mm」
 * when the oldest price shown is over two minutes old, and the disclaimer. Empty when there is
 * nothing to show (the ticker is left out). Class names are the shell's `cm-tk-*` rules, whose
 * fixed height keeps the page from moving (frontends/shell/src/index.html).
 */
export function renderTickerHtml(coins: TickerCoin[], now: number): string {
  if (coins.length === 0) return '';
  const oldest = Math.min(...coins.map((coin) => Date.parse(coin.at)));
  const stale = now - oldest > PRICE_STALE_AFTER_MS ? `<span class="cm-tk-age">資料時間 ${formatTaipeiTime(oldest)}</span>` : '';
  const items = coins
    .map((coin) => {
      const direction = changeDirection(coin.change24h);
      return `<li><a href="/coin/${escapeHtml(coin.symbol)}"><b>${escapeHtml(coin.symbol.toUpperCase())}</b> ${formatTwd(coin.twd)} <small>${formatUsd(coin.usd)}</small> <span class="cm-tk-${direction}">${formatChange(coin.change24h)}</span></a></li>`;
    })
    .join('');
  return `<aside class="cm-tk" aria-label="幣價"><ul>${items}</ul>${stale}<small class="cm-tk-note">${PRICE_DISCLAIMER}</small></aside>`;
}
