import { Fragment, useEffect, useState } from 'react';
import type { MissingPageNumbers, NumbersPeriod } from '@coinmag/contracts';
import { formatLongDate } from '@coinmag/rules';
import styles from '../admin.module.css';
import { numbersApi } from '../api/numbers-api';
import { BarChart } from '../charts/BarChart';
import { formatCount } from '../charts/numbers-format';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { ExportButton } from './ExportButton';
import { redirectsApi } from '../api/redirects-api';
import { asApiError } from '../api/http';
import { toast } from '../toasts/toast-store';
import { TargetPicker, redirectInput, type RedirectTarget } from '../redirects/TargetPicker';
import { shownPath } from '../redirects/shown-path';

/** The referring hosts of a path as one line ('' is a visit with no referrer: 直接造訪). */
export const referrersText = (referrers: ReadonlyArray<{ host: string; hits: number }>) =>
  referrers.map((r) => `${r.host || '直接造訪'}（${formatCount(r.hits)}）`).join('、');

/** 失效連結: the public pages readers asked for that do not exist, most first. */
export function MissingPagesSection({ period }: { period: NumbersPeriod }) {
  const [numbers, setNumbers] = useState<MissingPageNumbers | null>(null);
  /** The path whose 新增轉址 is open. */
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Paths redirected from here: path → where they go now. */
  const [made, setMade] = useState<Record<string, string>>({});

  const redirect = async (path: string, target: RedirectTarget) => {
    setBusy(true);
    try {
      const row = await redirectsApi.create(redirectInput(path, target));
      setMade((before) => ({ ...before, [path]: row.to_path }));
      setOpen(null);
      toast.success('已新增轉址');
    } catch (err) {
      toast.error(asApiError(err, '新增轉址失敗').message);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const controller = new AbortController();
    setNumbers(null);
    numbersApi.missing(period, controller.signal).then(setNumbers, (err: unknown) => reportLoadError(err, '載入資料失敗'));
    return () => controller.abort();
  }, [period]);

  if (!numbers) return <section className={styles.card}><Spinner /></section>;
  return (
    <section className={styles.card} aria-labelledby="missing-pages">
      <div className={styles.pageHeader}>
        <h2 id="missing-pages" style={{ margin: 0 }}>失效連結</h2>
        <ExportButton
          fileName={`失效連結-${numbers.from}.csv`}
          header={['網址路徑', '次數', '來源網站']}
          rows={numbers.paths.map((row) => [row.path, row.hits, referrersText(row.referrers)])}
        />
      </div>
      <p className={styles.muted}>自 {formatLongDate(numbers.from)} 起共 {formatCount(numbers.total)} 次找不到頁面（已排除搜尋引擎爬蟲與常見的掃描）</p>
      {numbers.paths.length === 0 ? <p className={styles.empty}>這段期間沒有失效連結</p> : (
        <>
          <BarChart title="失效連結的次數" bars={numbers.paths.map((row) => ({ label: row.path, value: row.hits }))} unit="次" />
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-label="失效連結">
              <thead><tr><th scope="col">網址路徑</th><th scope="col">次數</th><th scope="col">來源網站</th><th scope="col">操作</th></tr></thead>
              <tbody>
                {numbers.paths.map((row) => (
                  <Fragment key={row.path}>
                    <tr data-path={row.path}>
                      <td><code>{row.path}</code></td>
                      <td>{formatCount(row.hits)}</td>
                      <td>{referrersText(row.referrers)}</td>
                      <td className={styles.nowrap}>
                        {made[row.path] !== undefined ? (
                          <span>已轉址到 <code>{shownPath(made[row.path]!)}</code></span>
                        ) : (
                          <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} aria-expanded={open === row.path} onClick={() => setOpen(open === row.path ? null : row.path)}>
                            新增轉址
                          </button>
                        )}
                      </td>
                    </tr>
                    {open === row.path && (
                      <tr>
                        <td colSpan={4}>
                          <TargetPicker busy={busy} onPick={(target) => void redirect(row.path, target)} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
