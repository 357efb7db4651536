// The ticker the pages must carry while the price stand-in container holds every coin at its base
// price (test/standins/price-provider.ts): TWD and USD from CoinGecko's answer, no 24 h change.
import { formatChange, formatTwd, formatUsd } from '../../packages/rules/src/price-format.js';
import { COIN_CATALOGUE } from '../../services/markets/src/coins.js';
import { STAND_IN_BASE_TWD, STAND_IN_TWD_PER_USD } from '../../services/markets/src/stand-in/stand-in-prices.js';

/** How the ticker writes a coin at the held price: `<b>BTC</b> NT$3,050,000 <small>US$94,136</small> … +0.0%`. */
export function heldTickerItem(symbol: string): string {
  const coin = COIN_CATALOGUE.find((candidate) => candidate.symbol === symbol);
  const twd = coin ? STAND_IN_BASE_TWD[coin.coingeckoId] : undefined;
  if (twd === undefined) throw new Error(`the stand-in does not price ${symbol}`);
  const usd = Math.round((twd / STAND_IN_TWD_PER_USD) * 100) / 100;
  return `<b>${symbol.toUpperCase()}</b> ${formatTwd(twd)} <small>${formatUsd(usd)}</small> <span class="cm-tk-flat">${formatChange(0)}</span>`;
}

export function heldTwd(symbol: string): string {
  const coin = COIN_CATALOGUE.find((candidate) => candidate.symbol === symbol)!;
  return formatTwd(STAND_IN_BASE_TWD[coin.coingeckoId]!);
}

/**
 * What is wrong with a page's ticker (empty: every coin it shows at the stand-in's held price,
 * with the disclaimer). Answers the symbols shown.
 */
export function tickerOfHeldPrices(html: string): { symbols: string[]; problems: string[] } {
  const ticker = /<aside class="cm-tk"[\s\S]*?<\/aside>/.exec(html)?.[0];
  if (!ticker) return { symbols: [], problems: ['the page carries no ticker'] };
  const items = [...ticker.matchAll(/<li><a href="\/coin\/([a-z0-9]+)">([\s\S]*?)<\/a><\/li>/g)];
  const problems = items.filter(([, symbol, item]) => item !== heldTickerItem(symbol!)).map(([, symbol, item]) => `${symbol}: ${item} (the stand-in's: ${heldTickerItem(symbol!)})`);
  if (items.length === 0) problems.push(`a ticker without coins: ${ticker}`);
  if (!ticker.includes('價格僅供參考，不構成投資建議')) problems.push('the ticker lacks the disclaimer');
  return { symbols: items.map(([, symbol]) => symbol!), problems };
}
