/**
 * The coins the magazine can price: our symbol (the `/coin/{symbol}` path and the tag's slug by
 * default), the reader's name for it, and each provider's id for it. A coin a provider has no id
 * for is never asked of that provider.
 */
export interface CoinDefinition {
  symbol: string;
  name: string;
  /** The tag whose articles are the coin's until the admin maps another (tag key, as tag pages name it). */
  defaultTag: string;
  /** CoinGecko's coin id (`/simple/price?ids=`). */
  coingeckoId: string;
  /** MAX exchange's TWD market (`/api/v2/tickers` key), when it lists the coin. */
  maxMarket?: string;
}

export const COIN_CATALOGUE: readonly CoinDefinition[] = [
  { symbol: 'btc', name: '比特幣', defaultTag: '比特幣', coingeckoId: 'bitcoin', maxMarket: 'btctwd' },
  { symbol: 'eth', name: '以太幣', defaultTag: '以太坊', coingeckoId: 'ethereum', maxMarket: 'ethtwd' },
  { symbol: 'usdt', name: '泰達幣', defaultTag: 'usdt', coingeckoId: 'tether', maxMarket: 'usdttwd' },
  { symbol: 'sol', name: 'Solana', defaultTag: 'solana', coingeckoId: 'solana', maxMarket: 'soltwd' },
  { symbol: 'bnb', name: '幣安幣', defaultTag: 'bnb', coingeckoId: 'binancecoin', maxMarket: 'bnbtwd' },
  { symbol: 'xrp', name: '瑞波幣', defaultTag: 'xrp', coingeckoId: 'ripple', maxMarket: 'xrptwd' },
  { symbol: 'doge', name: '狗狗幣', defaultTag: '狗狗幣', coingeckoId: 'dogecoin', maxMarket: 'dogetwd' },
  { symbol: 'ada', name: 'Cardano', defaultTag: 'cardano', coingeckoId: 'cardano', maxMarket: 'adatwd' },
];

const BY_SYMBOL = new Map(COIN_CATALOGUE.map((coin) => [coin.symbol, coin]));

export function coinBySymbol(symbol: string): CoinDefinition | undefined {
  return BY_SYMBOL.get(symbol.toLowerCase());
}

/** The symbols of MARKETS_COINS that the catalogue knows, in the order given. */
export function coinsFromList(list: string): CoinDefinition[] {
  return list
    .split(',')
    .map((symbol) => coinBySymbol(symbol.trim()))
    .filter((coin): coin is CoinDefinition => coin !== undefined);
}
