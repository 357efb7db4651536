import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CoinSearchResult, MarketsAdminState } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { marketsApi } from '../api/markets-api';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';
import { AddedCoins, ListedCoins } from './CoinListResults';
import { useListedCoinSearch } from './use-listed-coin-search';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-TW', { hour12: false }) : '—');

/** 行情設定 (docs/product.md, Market data): the ticker's coins and their order, coins added from CoinGecko's list, each coin's tag, the providers' state. */
export function MarketsSettingsPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<MarketsAdminState | null>(null);
  const [ticker, setTicker] = useState<string[]>([]);
  const [tags, setTags] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState(false);
  const { unpriced, searching, searchError, markPriced } = useListedCoinSearch(query);
  const [busyCoin, setBusyCoin] = useState('');

  const adopt = (answer: MarketsAdminState) => {
    setState(answer);
    setTicker(answer.ticker);
    setTags(Object.fromEntries(answer.catalogue.map((coin) => [coin.symbol, coin.tag])));
  };

  useEffect(() => {
    document.title = '行情設定 | 管理後台';
    marketsApi.state().then(adopt, (err: unknown) => reportLoadError(err, '載入資料失敗'));
  }, []);

  const found = useMemo(() => {
    const term = query.trim().toLowerCase();
    return (state?.catalogue ?? []).filter((coin) => !ticker.includes(coin.symbol) && (!term || coin.symbol.includes(term) || coin.name.toLowerCase().includes(term)));
  }, [state, ticker, query]);

  if (!state) return <Spinner label="載入中…" />;
  /** Takes the service's answer after adding or removing a coin, keeping the unsaved ticker and tags. */
  const adoptCoins = (answer: MarketsAdminState, ticker: (current: string[]) => string[]) => {
    setState(answer);
    setTicker((current) => ticker(current).filter((symbol) => answer.catalogue.some((coin) => coin.symbol === symbol)));
    setTags((current) => Object.fromEntries(answer.catalogue.map((coin) => [coin.symbol, current[coin.symbol] ?? coin.tag])));
  };
  const addListed = async (coin: CoinSearchResult) => {
    if (busyCoin) return;
    setBusyCoin(coin.id);
    try {
      const answer = await marketsApi.add(coin.id);
      const symbol = coin.symbol.toLowerCase();
      adoptCoins(answer, (current) => (current.includes(symbol) ? current : [...current, symbol]));
      markPriced(coin.id);
      toast.success(`已加入 ${coin.name}，儲存後顯示在跑馬燈`);
    } catch (err) {
      reportSaveError(err, () => navigate('/admin/login', { replace: true }));
    }
    setBusyCoin('');
  };
  const removeAdded = async (symbol: string) => {
    if (busyCoin) return;
    setBusyCoin(symbol);
    try {
      adoptCoins(await marketsApi.remove(symbol), (current) => current.filter((candidate) => candidate !== symbol));
      toast.success(`已停止 ${symbol.toUpperCase()} 的報價`);
    } catch (err) {
      reportSaveError(err, () => navigate('/admin/login', { replace: true }));
    }
    setBusyCoin('');
  };
  const nameOf = (symbol: string) => state.catalogue.find((coin) => coin.symbol === symbol)?.name ?? symbol;
  const move = (index: number, by: number) =>
    setTicker((current) => {
      const next = [...current];
      const [coin] = next.splice(index, 1);
      next.splice(index + by, 0, coin!);
      return next;
    });

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      adopt(await marketsApi.save({ ticker, tags }));
      toast.success('已儲存行情設定');
    } catch (err) {
      reportSaveError(err, () => navigate('/admin/login', { replace: true }));
    }
    setSaving(false);
  };

  return (
    <div>
      <h1 className={styles.pageTitle}>行情設定</h1>
      <section className={styles.card} aria-label="跑馬燈幣種">
        <h2>跑馬燈幣種</h2>
        <ol data-testid="ticker-order">
          {ticker.map((symbol, index) => (
            <li key={symbol}>
              {nameOf(symbol)}（{symbol.toUpperCase()}）{' '}
              <button type="button" className={styles.button} onClick={() => move(index, -1)} disabled={index === 0} aria-label={`上移 ${symbol.toUpperCase()}`}>上移</button>{' '}
              <button type="button" className={styles.button} onClick={() => move(index, 1)} disabled={index === ticker.length - 1} aria-label={`下移 ${symbol.toUpperCase()}`}>下移</button>{' '}
              <button type="button" className={styles.button} onClick={() => setTicker((current) => current.filter((s) => s !== symbol))} aria-label={`移除 ${symbol.toUpperCase()}`}>移除</button>
            </li>
          ))}
        </ol>
        <div className={styles.field}>
          <label htmlFor="coin-search">搜尋幣種（名稱或代號）</label>
          <input id="coin-search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <ul>
          {found.map((coin) => (
            <li key={coin.symbol}>
              {coin.name}（{coin.symbol.toUpperCase()}）{' '}
              <button type="button" className={styles.button} onClick={() => setTicker((current) => [...current, coin.symbol])} aria-label={`加入 ${coin.symbol.toUpperCase()}`}>加入</button>
            </li>
          ))}
        </ul>
        {searchError && <p role="alert">{searchError}</p>}
        {searching ? <p>搜尋中…</p> : <ListedCoins coins={unpriced} busyCoin={busyCoin} onAdd={(coin) => void addListed(coin)} />}
        {query.trim() && !searching && !searchError && found.length === 0 && unpriced.length === 0 && <p>找不到符合的幣種</p>}
      </section>
      <AddedCoins catalogue={state.catalogue} busyCoin={busyCoin} onRemove={(symbol) => void removeAdded(symbol)} />
      <section className={styles.card} aria-label="幣種標籤">
        <h2>幣種標籤</h2>
        {state.catalogue.map((coin) => (
          <div key={coin.symbol} className={styles.field}>
            <label htmlFor={`tag-${coin.symbol}`}>{coin.name}（{coin.symbol.toUpperCase()}）的標籤</label>
            <input id={`tag-${coin.symbol}`} value={tags[coin.symbol] ?? ''} maxLength={60} onChange={(event) => setTags((current) => ({ ...current, [coin.symbol]: event.target.value }))} />
          </div>
        ))}
      </section>
      <button type="button" className={styles.button} onClick={() => void save()} disabled={saving} aria-busy={saving}>{saving ? '儲存中…' : '儲存'}</button>
      <section className={styles.card} aria-label="資料來源狀態">
        <h2>資料來源狀態</h2>
        <p>最新價格時間：{when(state.snapshotAt)}</p>
        <table>
          <thead>
            <tr><th>來源</th><th>上次成功</th><th>上次錯誤</th><th>錯誤內容</th><th>下次嘗試</th></tr>
          </thead>
          <tbody>
            {state.providers.map((provider) => (
              <tr key={provider.name}>
                <td>{provider.name}</td><td>{when(provider.lastSuccessAt)}</td><td>{when(provider.lastErrorAt)}</td><td>{provider.lastError ?? '—'}</td><td>{when(provider.nextTryAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
