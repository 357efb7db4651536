import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NUMBERS_PERIODS, type NumbersPeriod } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { PERIOD_LABELS } from './period-labels';
import { SearchNumbersSection } from './SearchNumbersSection';
import { MissingPagesSection } from './MissingPagesSection';

/** 搜尋與失效連結 (/admin/numbers): what readers searched for, what found nothing, and which pages they could not find. */
export function NumbersPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period') ?? '';
  const period: NumbersPeriod = (NUMBERS_PERIODS as readonly string[]).includes(asked) ? (asked as NumbersPeriod) : '7';

  useEffect(() => {
    document.title = '搜尋與失效連結 | 管理後台';
  }, []);

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>搜尋與失效連結</h1>
        <label className={styles.field}>
          <span className={styles.label}>期間</span>
          <select className={styles.input} value={period} onChange={(event) => setParams({ period: event.target.value })}>
            {NUMBERS_PERIODS.map((value) => <option key={value} value={value}>{PERIOD_LABELS[value]}</option>)}
          </select>
        </label>
      </header>
      <p className={styles.muted}>只記錄搜尋字詞、找不到的網址與來源網站，不記錄讀者的 IP 位址或任何識別資料；日期以台北時間計算。</p>
      <SearchNumbersSection period={period} />
      <MissingPagesSection period={period} />
    </>
  );
}
