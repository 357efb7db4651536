import type { CoinDefinition } from '../coins.js';
import type { HistoryRepository } from '../history/history.repository.js';
import type { PriceProvider } from '../providers/provider.js';
import type { SnapshotStore } from '../snapshot/snapshot.js';

/**
 * Prices one coin at once (a coin the admin just added, so the next page's ticker has it): the
 * providers covering it are asked in order until one prices it; its quote joins the snapshot and
 * becomes the hour's close. False when none priced it (the refresher keeps trying).
 */
export async function priceNow(coin: CoinDefinition, providers: PriceProvider[], store: SnapshotStore, history: HistoryRepository): Promise<boolean> {
  for (const provider of providers) {
    if (!provider.covers(coin)) continue;
    const quote = await provider.quotes([coin]).then(
      (quotes) => quotes.find((candidate) => candidate.symbol === coin.symbol),
      () => undefined,
    );
    if (!quote) continue;
    const previous = await store.read();
    const quotes = (previous?.quotes ?? []).filter((candidate) => candidate.symbol !== coin.symbol);
    await store.write({ fetchedAt: previous?.fetchedAt ?? Date.now(), quotes: [...quotes, { ...quote, provider: provider.name }] });
    await history.recordCloses(coin.symbol, [{ at: Date.now(), twd: quote.twd }]);
    return true;
  }
  return false;
}
