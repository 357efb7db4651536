import type { CoinDefinition } from '../coins.js';

/** One coin's price as a provider gave it, validated. */
export interface Quote {
  symbol: string;
  twd: number;
  usd: number;
  /** Percent change over 24 hours (in TWD), e.g. 2.5 for +2.5 %. */
  change24h: number;
  /** When the provider says the price was last updated (ms since the epoch). */
  at: number;
}

/** A point of a coin's history: time (ms) and price in TWD (the charts' and the article line's currency). */
export interface HistoryPoint {
  at: number;
  twd: number;
}

export type ProviderName = 'coingecko' | 'max';

/**
 * One price source behind one interface; the refresher asks them in order. Every method throws
 * a ProviderError when the provider fails, limits us or answers something we cannot trust.
 */
export interface PriceProvider {
  readonly name: ProviderName;
  /** The coins it can price among `coins`. */
  covers(coin: CoinDefinition): boolean;
  quotes(coins: CoinDefinition[]): Promise<Quote[]>;
  /** Past prices over `days` days, oldest first; undefined when the provider keeps no history. */
  history?(coin: CoinDefinition, days: number): Promise<HistoryPoint[]>;
}

export type ProviderFailure = 'rate-limited' | 'unavailable' | 'malformed' | 'unreachable';

export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly failure: ProviderFailure,
    message: string,
    /** From Retry-After on a 429 or 503. */
    readonly retryAfterMs?: number,
  ) {
    super(`${provider}: ${message}`);
  }
}
