import { useParams } from 'react-router-dom';
import type { ArticleSummary, CoinDetail, GlossaryTermSummary, Settings } from '@coinmag/contracts';
import { changeDirection, formatChange, formatTwd, formatUsd, PRICE_DISCLAIMER, tagPagePath } from '@coinmag/rules';
import { fetchArticles } from '../../api/articles';
import { fetchGlossary } from '../../api/glossary';
import { ApiError, type Api } from '../../api/http';
import { fetchCoin } from '../../api/markets';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { ArticleCard } from '../../components/ArticleCard';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { PriceChart } from './PriceChart';
import { coinGlossaryTerm } from './coin-glossary';
import { glossaryTermPath } from '../glossary/glossary-meta';
import pageStyles from '../page.module.css';
import styles from './coins.module.css';

export type CoinState = { status: 'loading' } | { status: 'missing' } | { status: 'failed' } | { status: 'ready'; coin: CoinDetail; articles: ArticleSummary[]; term: GlossaryTermSummary | null };

export const coinKey = (symbol: string) => `/coin/${symbol}`;

/** The coin's prices and charts, the latest articles of its tag and its glossary term (none when they cannot be read). */
export async function loadCoin(symbol: string, api: Api): Promise<CoinState> {
  try {
    const coin = await fetchCoin(symbol, api);
    const [articles, term] = await Promise.all([
      fetchArticles({ tag: coin.tag, page: 1, limit: 6 }, api).then((list) => list.articles, () => []),
      fetchGlossary(api).then((index) => coinGlossaryTerm(index, coin), () => null),
    ]);
    return { status: 'ready', coin, articles, term };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return { status: 'missing' };
    throw err;
  }
}

export function coinMeta(symbol: string, state: CoinState, settings: Settings): PageMeta | null {
  if (state.status === 'ready') {
    const { coin } = state;
    const price = coin.quote ? `，現價 ${formatTwd(coin.quote.twd)}` : '';
    return { title: `${coin.name}（${coin.symbol.toUpperCase()}）價格與新聞`, description: `${coin.name}的新台幣與美元價格、7 日與 90 日走勢，以及相關新聞${price}。`, path: coinKey(symbol) };
  }
  if (state.status === 'missing') return { title: '找不到這個幣種', description: settings.site_description, path: coinKey(symbol), noIndex: true };
  return null;
}

function Change({ label, value }: { label: string; value: number | null }) {
  if (value === null) return null;
  return (
    <span className={styles[`change_${changeDirection(value)}`]}>
      {label} {formatChange(value)}
    </span>
  );
}

const LOADING: CoinState = { status: 'loading' };
const failed = (): CoinState => ({ status: 'failed' });

/** /coin/{symbol} (docs/product.md, Market data). */
export function CoinPage() {
  const { symbol = '' } = useParams();
  const { settings } = useSite();
  const { state } = usePageState(coinKey(symbol), (api) => loadCoin(symbol, api), LOADING, failed);
  usePageMeta(state.status === 'ready' || state.status === 'missing' ? coinMeta(symbol, state, settings) : null);
  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'missing')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="找不到這個幣種" homeLink />
      </div>
    );
  if (state.status === 'failed')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      </div>
    );
  const { coin, articles, term } = state;
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.pageTitle}>
        {coin.name}（{coin.symbol.toUpperCase()}）
      </h1>
      {coin.quote ? (
        <p className={styles.quote} data-testid="coin-quote">
          <strong>{formatTwd(coin.quote.twd)}</strong> <span>{formatUsd(coin.quote.usd)}</span> <Change label="24 小時" value={coin.quote.change24h} /> <Change label="7 日" value={coin.change7d} />
        </p>
      ) : (
        <p className={styles.quote}>暫無價格</p>
      )}
      <p className={styles.note}>{PRICE_DISCLAIMER}</p>
      <div className={styles.charts}>
        <PriceChart title="7 日走勢" points={coin.week} />
        <PriceChart title="90 日走勢" points={coin.quarter} />
      </div>
      {term && (
        <section className={styles.term} data-testid="coin-glossary">
          <h2 className={styles.sectionTitle}>術語解釋</h2>
          <p>
            <a href={glossaryTermPath(term.slug)}>{term.name}</a>：{term.definition}
          </p>
        </section>
      )}
      <h2 className={styles.sectionTitle}>相關文章</h2>
      {articles.length > 0 ? (
        <div className={pageStyles.grid}>
          {articles.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </div>
      ) : (
        <p className={styles.note}>尚無相關文章</p>
      )}
      <p>
        <a href={tagPagePath(coin.tag)}>更多「{coin.tag}」文章</a>
      </p>
    </div>
  );
}
