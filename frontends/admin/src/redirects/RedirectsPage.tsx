import { Fragment, useCallback, useEffect, useState } from 'react';
import type { RedirectList, RedirectRow, RedirectSource } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { asApiError } from '../api/http';
import { redirectsApi } from '../api/redirects-api';
import { formatCount } from '../charts/numbers-format';
import { confirmDelete } from '../components/confirm';
import { Spinner } from '../components/Spinner';
import { ExportButton } from '../numbers/ExportButton';
import { reportLoadError } from '../session/load-errors';
import { toast } from '../toasts/toast-store';
import { TARGET_KIND_LABELS, TargetPicker, redirectInput, type RedirectTarget } from './TargetPicker';
import { shownPath } from './shown-path';

export const SOURCE_LABELS: Record<RedirectSource, string> = { manual: '手動新增', slug: '網址代稱變更', wordpress: 'WordPress 匯入' };

/** 轉址管理 (/admin/redirects): every redirect with how often it was followed; the ones made here are edited and deleted. */
export function RedirectsPage() {
  const [list, setList] = useState<RedirectList | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    redirectsApi.list().then(setList, (err: unknown) => reportLoadError(err, '載入資料失敗'));
  }, []);

  useEffect(() => {
    document.title = '轉址管理 | 管理後台';
    load();
  }, [load]);

  const retarget = async (row: RedirectRow, target: RedirectTarget) => {
    setBusy(true);
    try {
      await redirectsApi.update(row.id!, redirectInput(row.from_path, target));
      toast.success('已更新轉址');
      setEditing(null);
      load();
    } catch (err) {
      toast.error(asApiError(err, '更新失敗').message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: RedirectRow) => {
    if (!confirmDelete()) return;
    try {
      await redirectsApi.remove(row.id!);
      toast.success('已刪除轉址');
      load();
    } catch (err) {
      toast.error(asApiError(err, '刪除失敗').message);
    }
  };

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>轉址管理</h1>
        {list && (
          <ExportButton
            fileName="轉址.csv"
            header={['原網址', '轉址到', '來源', '目標', '次數']}
            rows={list.redirects.map((row) => [row.from_path, row.to_path, SOURCE_LABELS[row.source], row.target_label, row.hits])}
          />
        )}
      </header>
      <section className={styles.card}>
        <p className={styles.muted}>每個轉址都是 301，直接轉到目標現在的網址（一次到位）。新增轉址請到「搜尋與失效連結」的失效連結。</p>
        {!list ? <Spinner /> : list.redirects.length === 0 ? <p className={styles.empty}>目前沒有轉址</p> : (
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-label="轉址">
              <thead><tr><th scope="col">原網址</th><th scope="col">轉址到</th><th scope="col">來源</th><th scope="col">次數</th><th scope="col">操作</th></tr></thead>
              <tbody>
                {list.redirects.map((row) => (
                  <Fragment key={`${row.source}-${row.from_path}`}>
                    <tr data-from={row.from_path}>
                      <td><code>{shownPath(row.from_path)}</code></td>
                      <td>{row.to_path ? <><code>{shownPath(row.to_path)}</code> <span className={styles.muted}>{row.target_kind ? `${TARGET_KIND_LABELS[row.target_kind]}：` : ''}{row.target_label}</span></> : <span className={styles.muted}>目標已不公開（回應 404）</span>}</td>
                      <td className={styles.nowrap}>{SOURCE_LABELS[row.source]}</td>
                      <td>{formatCount(row.hits)}</td>
                      <td className={styles.rowActions}>
                        {row.source === 'manual' && (
                          <>
                            <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} aria-expanded={editing === row.id} onClick={() => setEditing(editing === row.id ? null : row.id!)}>編輯</button>
                            <button type="button" className={`${styles.button} ${styles.buttonDanger} ${styles.buttonSmall}`} onClick={() => void remove(row)}>刪除</button>
                          </>
                        )}
                      </td>
                    </tr>
                    {editing === row.id && row.source === 'manual' && (
                      <tr><td colSpan={5}><TargetPicker busy={busy} onPick={(target) => void retarget(row, target)} /></td></tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
