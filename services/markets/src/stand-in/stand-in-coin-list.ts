/**
 * The stand-in's answer to CoinGecko's `GET /api/v3/coins/list`: `[{ id, symbol, name }]` sorted
 * by id as CoinGecko sends it, about 15,000 coins like the real list. Real coins first (some
 * sharing a symbol, as on CoinGecko: several `btc`, `eth`, `uni`), then generated tokens to the
 * real list's size.
 */
export interface StandInListedCoin {
  id: string;
  symbol: string;
  name: string;
}

const REAL_COINS: StandInListedCoin[] = [
  { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
  { id: 'batcat', symbol: 'btc', name: 'batcat' },
  { id: 'osmosis-allbtc', symbol: 'btc', name: 'Osmosis allBTC' },
  { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
  { id: 'bridged-ether-starkgate', symbol: 'eth', name: 'Bridged Ether (StarkGate)' },
  { id: 'tether', symbol: 'usdt', name: 'Tether' },
  { id: 'solana', symbol: 'sol', name: 'Solana' },
  { id: 'binancecoin', symbol: 'bnb', name: 'BNB' },
  { id: 'ripple', symbol: 'xrp', name: 'XRP' },
  { id: 'dogecoin', symbol: 'doge', name: 'Dogecoin' },
  { id: 'cardano', symbol: 'ada', name: 'Cardano' },
  { id: 'chainlink', symbol: 'link', name: 'Chainlink' },
  { id: 'polkadot', symbol: 'dot', name: 'Polkadot' },
  { id: 'litecoin', symbol: 'ltc', name: 'Litecoin' },
  { id: 'tron', symbol: 'trx', name: 'TRON' },
  { id: 'avalanche-2', symbol: 'avax', name: 'Avalanche' },
  { id: 'shiba-inu', symbol: 'shib', name: 'Shiba Inu' },
  { id: 'uniswap', symbol: 'uni', name: 'Uniswap' },
  { id: 'unicorn-token', symbol: 'uni', name: 'Unicorn Token' },
  { id: 'near', symbol: 'near', name: 'NEAR Protocol' },
  { id: 'aptos', symbol: 'apt', name: 'Aptos' },
  { id: 'sui', symbol: 'sui', name: 'Sui' },
  { id: 'pepe', symbol: 'pepe', name: 'Pepe' },
  { id: 'the-open-network', symbol: 'ton', name: 'Toncoin' },
  { id: 'cosmos', symbol: 'atom', name: 'Cosmos Hub' },
  { id: 'stellar', symbol: 'xlm', name: 'Stellar' },
  { id: 'monero', symbol: 'xmr', name: 'Monero' },
  { id: 'bitcoin-cash', symbol: 'bch', name: 'Bitcoin Cash' },
  { id: 'ethereum-classic', symbol: 'etc', name: 'Ethereum Classic' },
  { id: 'filecoin', symbol: 'fil', name: 'Filecoin' },
  { id: 'internet-computer', symbol: 'icp', name: 'Internet Computer' },
  { id: 'arbitrum', symbol: 'arb', name: 'Arbitrum' },
  { id: 'optimism', symbol: 'op', name: 'Optimism' },
  { id: 'usd-coin', symbol: 'usdc', name: 'USDC' },
  { id: 'wrapped-bitcoin', symbol: 'wbtc', name: 'Wrapped Bitcoin' },
  { id: 'staked-ether', symbol: 'steth', name: 'Lido Staked Ether' },
  { id: 'hedera-hashgraph', symbol: 'hbar', name: 'Hedera' },
  { id: 'maicoin', symbol: 'max', name: 'MAX Token' },
  // A symbol that cannot be a `/coin/{symbol}` path.
  { id: 'usd-plus', symbol: 'usd+', name: 'USD+' },
];

/** Generated tokens after the real ones (the real list's size). */
const FILLER_COINS = 15_000 - REAL_COINS.length;

let cached: StandInListedCoin[] | undefined;

export function standInCoinList(): StandInListedCoin[] {
  if (!cached) {
    const filler = Array.from({ length: FILLER_COINS }, (_, index) => {
      const n = String(index + 1).padStart(5, '0');
      return { id: `stand-in-token-${n}`, symbol: `sit${n}`, name: `Stand-in Token ${n}` };
    });
    cached = [...REAL_COINS, ...filler].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return cached;
}

const LISTED = new Set<string>();

/** Whether `/coins/list` names the coin id (the stand-in prices every listed coin). */
export function isListedCoin(id: string): boolean {
  if (LISTED.size === 0) for (const coin of standInCoinList()) LISTED.add(coin.id);
  return LISTED.has(id);
}

/** More coins than any real list (the service refuses it). */
export function oversizedCoinList(): StandInListedCoin[] {
  return Array.from({ length: 40_000 }, (_, index) => ({ id: `flood-${index}`, symbol: `fl${index}`, name: `Flood ${index}` }));
}
