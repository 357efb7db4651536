import type { MarketsConfig } from '../config.js';
import { CoinGeckoProvider } from './coingecko.js';
import { MaxExchangeProvider } from './max-exchange.js';
import type { PriceProvider } from './provider.js';

/** The providers MARKETS_PROVIDERS names, in its order. */
export function createProviders(config: Pick<MarketsConfig, 'MARKETS_PROVIDERS' | 'MARKETS_COINGECKO_URL' | 'MARKETS_MAX_URL' | 'MARKETS_FETCH_TIMEOUT_MS'>): PriceProvider[] {
  return config.MARKETS_PROVIDERS.map((name) =>
    name === 'coingecko' ? new CoinGeckoProvider(config.MARKETS_COINGECKO_URL, config.MARKETS_FETCH_TIMEOUT_MS) : new MaxExchangeProvider(config.MARKETS_MAX_URL, config.MARKETS_FETCH_TIMEOUT_MS),
  );
}
