import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { NumbersPeriod, SearchNumbers } from '@coinmag/contracts';
import { formatLongDate } from '@coinmag/rules';
import styles from '../admin.module.css';
import { numbersApi } from '../api/numbers-api';
import { BarChart } from '../charts/BarChart';
import { formatCount } from '../charts/numbers-format';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { ExportButton } from './ExportButton';

/** The new-article form with the term as its title. */
export const newArticleFor = (term: string) => `/admin/articles/new?${new URLSearchParams({ title: term })}`;

/** 熱門搜尋 and 找不到結果的搜尋 for one period. */
export function SearchNumbersSection({ period }: { period: NumbersPeriod }) {
  const [numbers, setNumbers] = useState<SearchNumbers | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setNumbers(null);
    numbersApi.searches(period, controller.signal).then(setNumbers, (err: unknown) => reportLoadError(err, '載入資料失敗'));
    return () => controller.abort();
  }, [period]);

  if (!numbers) return <section className={styles.card}><Spinner /></section>;
  const since = `自 ${formatLongDate(numbers.from)} 起`;
  return (
    <>
      <section className={styles.card} aria-labelledby="top-searches" style={{ marginBottom: 20 }}>
        <div className={styles.pageHeader}>
          <h2 id="top-searches" style={{ margin: 0 }}>熱門搜尋</h2>
          <ExportButton
            fileName={`熱門搜尋-${numbers.from}.csv`}
            header={['搜尋字詞', '搜尋次數', '找不到結果次數']}
            rows={numbers.top.map((row) => [row.term, row.searches, row.zero_searches])}
          />
        </div>
        <p className={styles.muted}>{since}共 {formatCount(numbers.total)} 次搜尋</p>
        {numbers.top.length === 0 ? <p className={styles.empty}>這段期間沒有搜尋紀錄</p> : (
          <>
            <BarChart title="熱門搜尋字詞的搜尋次數" bars={numbers.top.map((row) => ({ label: row.term, value: row.searches }))} unit="次" />
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-label="熱門搜尋">
                <thead><tr><th scope="col">搜尋字詞</th><th scope="col">搜尋次數</th><th scope="col">找不到結果</th></tr></thead>
                <tbody>
                  {numbers.top.map((row) => (
                    <tr key={row.term}><td>{row.term}</td><td>{formatCount(row.searches)}</td><td>{formatCount(row.zero_searches)}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <section className={styles.card} aria-labelledby="zero-searches" style={{ marginBottom: 20 }}>
        <div className={styles.pageHeader}>
          <h2 id="zero-searches" style={{ margin: 0 }}>找不到結果的搜尋</h2>
          <ExportButton fileName={`找不到結果的搜尋-${numbers.from}.csv`} header={['搜尋字詞', '找不到結果次數']} rows={numbers.zero.map((row) => [row.term, row.zero_searches])} />
        </div>
        <p className={styles.muted}>讀者想看但網站還沒有的內容：點選字詞即以它為標題新增文章。</p>
        {numbers.zero.length === 0 ? <p className={styles.empty}>這段期間每次搜尋都有結果</p> : (
          <>
            <BarChart title="找不到結果的搜尋字詞" bars={numbers.zero.map((row) => ({ label: row.term, value: row.zero_searches }))} unit="次" />
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-label="找不到結果的搜尋">
                <thead><tr><th scope="col">搜尋字詞</th><th scope="col">次數</th></tr></thead>
                <tbody>
                  {numbers.zero.map((row) => (
                    <tr key={row.term}>
                      <td><Link to={newArticleFor(row.term)} title="以此為標題新增文章">{row.term}</Link></td>
                      <td>{formatCount(row.zero_searches)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </>
  );
}
