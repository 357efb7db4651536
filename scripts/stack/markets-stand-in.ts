import { startProviderStandIn, type ProviderStandIn } from '../../services/markets/src/stand-in/provider-stand-in.js';

export interface MarketsProviders {
  /** The markets service's provider settings (empty: its defaults, the real providers). */
  env: NodeJS.ProcessEnv;
  /** The stand-in when one runs (its URL switches its modes: the bench's outage). */
  standIn?: ProviderStandIn;
}

/**
 * Where the stack's markets service gets prices: the provider stand-in (local, answering as
 * CoinGecko and MAX document, drifting demo prices) unless MARKETS_STAND_IN=false, or the URLs
 * given in MARKETS_COINGECKO_URL / MARKETS_MAX_URL, which are passed through as they are. A
 * demo offline then shows prices; with the real providers and no network the ticker is left out.
 */
export async function marketsProviders(env: NodeJS.ProcessEnv): Promise<MarketsProviders> {
  if (env.MARKETS_STAND_IN === 'false' || env.MARKETS_COINGECKO_URL || env.MARKETS_MAX_URL) return { env: {} };
  const standIn = await startProviderStandIn();
  return { env: { MARKETS_COINGECKO_URL: standIn.coingeckoUrl, MARKETS_MAX_URL: standIn.maxUrl }, standIn };
}
