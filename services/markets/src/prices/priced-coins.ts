import { COIN_CATALOGUE, type CoinDefinition } from '../coins.js';
import type { AddedCoin, AddedCoinsRepository } from './added-coins.repository.js';

export interface PricedCoin extends CoinDefinition {
  /** Added by the admin from the provider's list (removable), rather than configured (MARKETS_COINS). */
  added: boolean;
}

/**
 * The coins priced now: the configured ones (MARKETS_COINS, in their order), then the ones the
 * admin added, in the order added. The refresher prices exactly these; the public answers and
 * 行情設定 know exactly these.
 */
export class PricedCoins {
  constructor(
    private readonly configured: CoinDefinition[],
    private readonly added: AddedCoinsRepository,
  ) {}

  async all(): Promise<PricedCoin[]> {
    const added = await this.added.all();
    return [...this.configured.map((coin) => ({ ...coin, added: false })), ...added.map(definitionOf)];
  }

  async bySymbol(symbol: string): Promise<PricedCoin | undefined> {
    return (await this.all()).find((coin) => coin.symbol === symbol.toLowerCase());
  }
}

/** An added coin as the providers and pages see it; a coin of the catalogue keeps its Chinese name, tag and TWD market. */
function definitionOf(coin: AddedCoin): PricedCoin {
  const known = COIN_CATALOGUE.find((candidate) => candidate.coingeckoId === coin.providerId);
  const twdMarket = coin.twdMarket ?? known?.maxMarket;
  return {
    symbol: coin.symbol,
    name: known?.name ?? coin.name,
    defaultTag: known?.defaultTag ?? coin.symbol,
    coingeckoId: coin.providerId,
    ...(twdMarket ? { maxMarket: twdMarket } : {}),
    added: true,
  };
}
