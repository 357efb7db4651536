import type { CoinSearchResult, MarketsAdminState } from '@coinmag/contracts';
import styles from '../admin.module.css';

/** The coins of CoinGecko's list that matched and are not priced yet, each with 加入. */
export function ListedCoins({ coins, busyCoin, onAdd }: { coins: CoinSearchResult[]; busyCoin: string; onAdd: (coin: CoinSearchResult) => void }) {
  if (coins.length === 0) return null;
  return (
    <>
      <h3>CoinGecko 幣種清單</h3>
      <ul data-testid="listed-coins">
        {coins.map((coin) => (
          <li key={coin.id}>
            {coin.name}（{coin.symbol.toUpperCase()}，{coin.id}）{' '}
            <button type="button" className={styles.button} onClick={() => onAdd(coin)} disabled={busyCoin !== ''} aria-label={`加入 ${coin.symbol.toUpperCase()}（${coin.name}）`}>
              {busyCoin === coin.id ? '加入中…' : '加入'}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** 自行加入的幣種: the coins the admin added, each with 停止報價. */
export function AddedCoins({ catalogue, busyCoin, onRemove }: { catalogue: MarketsAdminState['catalogue']; busyCoin: string; onRemove: (symbol: string) => void }) {
  const added = catalogue.filter((coin) => coin.added);
  return (
    <section className={styles.card} aria-label="自行加入的幣種">
      <h2>自行加入的幣種</h2>
      {added.length > 0 ? (
        <ul>
          {added.map((coin) => (
            <li key={coin.symbol}>
              {coin.name}（{coin.symbol.toUpperCase()}，{coin.providerId}）{' '}
              <button type="button" className={styles.button} onClick={() => onRemove(coin.symbol)} disabled={busyCoin !== ''} aria-label={`停止報價 ${coin.symbol.toUpperCase()}`}>停止報價</button>
            </li>
          ))}
        </ul>
      ) : (
        <p>尚未加入其他幣種。搜尋 CoinGecko 幣種清單即可加入。</p>
      )}
    </section>
  );
}
