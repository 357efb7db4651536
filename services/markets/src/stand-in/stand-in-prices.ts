/**
 * The stand-in's market: a base TWD price per CoinGecko id, drifting slowly (a few percent over
 * hours) so that a demo's ticker and charts move, or held where a test puts it.
 */
export const STAND_IN_BASE_TWD: Readonly<Record<string, number>> = {
  bitcoin: 3_050_000,
  ethereum: 112_000,
  tether: 32.4,
  solana: 6_900,
  binancecoin: 20_500,
  ripple: 78.5,
  dogecoin: 12.1,
  cardano: 28.7,
};

/** TWD per USD in the stand-in (USDT/TWD on MAX, the vs-currency ratio on CoinGecko). */
export const STAND_IN_TWD_PER_USD = 32.4;

const MAX_MARKETS: Readonly<Record<string, string>> = {
  bitcoin: 'btctwd',
  ethereum: 'ethtwd',
  tether: 'usdttwd',
  solana: 'soltwd',
  binancecoin: 'bnbtwd',
  ripple: 'xrptwd',
  dogecoin: 'dogetwd',
  cardano: 'adatwd',
};

import { isListedCoin } from './stand-in-coin-list.js';

/** A listed coin without a base price gets one from its id (between NT$0.01 and NT$50,000), the same every run. */
function derivedBase(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return Math.round(10 ** ((hash % 700) / 100 - 2) * 5 * 100) / 100;
}

export class StandInPrices {
  private readonly fixed = new Map<string, number>();

  /** Holds a coin at `twd` (tests); `undefined` lets it drift again. */
  set(coingeckoId: string, twd: number | undefined): void {
    if (twd === undefined) this.fixed.delete(coingeckoId);
    else this.fixed.set(coingeckoId, twd);
  }

  ids(): string[] {
    return Object.keys(STAND_IN_BASE_TWD);
  }

  maxMarketOf(id: string): string | undefined {
    return MAX_MARKETS[id];
  }

  /** The price at `at` (ms): held, or the base drifting ±8 % over a 30-day wave with ±1 % over 9 hours on it. */
  twdAt(id: string, at: number): number | undefined {
    const held = this.fixed.get(id);
    if (held !== undefined) return held;
    const base = STAND_IN_BASE_TWD[id] ?? (isListedCoin(id) ? derivedBase(id) : undefined);
    if (base === undefined) return undefined;
    if (id === 'tether') return base;
    const slow = (at / (30 * 86_400_000)) * 2 * Math.PI + base;
    const fast = (at / (9 * 3_600_000)) * 2 * Math.PI + base;
    return round(base * (1 + 0.08 * Math.sin(slow) + 0.01 * Math.sin(fast)));
  }
}

function round(value: number): number {
  return value >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}
