import type { CoinList } from '@coinmag/contracts';
import { changeDirection, formatChange, formatTwd, formatUsd, PRICE_DISCLAIMER } from '@coinmag/rules';
import type { Api } from '../../api/http';
import { fetchCoinList } from '../../api/markets';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import pageStyles from '../page.module.css';
import styles from './coins.module.css';

export type CoinsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: CoinList };

export const coinsKey = () => '/coins';

export async function loadCoins(api: Api): Promise<CoinsState> {
  return { status: 'ready', list: await fetchCoinList(api) };
}

export function coinsMeta(): PageMeta {
  return { title: '幣價行情', description: '主要加密貨幣的新台幣與美元價格、24 小時漲跌與走勢圖。', path: '/coins' };
}

const LOADING: CoinsState = { status: 'loading' };
const failed = (): CoinsState => ({ status: 'failed' });

/** /coins: every priced coin with its price, linking to its page. */
export function CoinsPage() {
  const { state } = usePageState(coinsKey(), loadCoins, LOADING, failed);
  usePageMeta(coinsMeta());
  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'failed')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      </div>
    );
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.pageTitle}>幣價行情</h1>
      <p className={styles.note}>{PRICE_DISCLAIMER}</p>
      <ul className={styles.coinList} data-testid="coin-list">
        {state.list.coins.map((coin) => (
          <li key={coin.symbol}>
            <a href={`/coin/${coin.symbol}`}>
              <b>{coin.name}</b> <span>{coin.symbol.toUpperCase()}</span>
            </a>
            {coin.quote ? (
              <span>
                {formatTwd(coin.quote.twd)} <small>{formatUsd(coin.quote.usd)}</small> <span className={styles[`change_${changeDirection(coin.quote.change24h)}`]}>{formatChange(coin.quote.change24h)}</span>
              </span>
            ) : (
              <span>暫無價格</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
