import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_KINDS, type AuditKind, type AuditList } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import styles from '../admin.module.css';
import { auditApi } from '../api/audit-api';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { ACTION_LABELS, KIND_LABELS, actorLabel, subjectLink } from './audit-labels';

const PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The whole back-office log, newest first, filtered by kind and Taipei dates, 20 a page. */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = (AUDIT_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as AuditKind) : undefined;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const page = Math.max(1, Math.min(250, Number(params.get('page')) || 1));
  const [log, setLog] = useState<AuditList | null>(null);

  useEffect(() => {
    document.title = '操作紀錄 | 管理後台';
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setLog(null);
    auditApi.list({ kind, from: from || undefined, to: to || undefined, page, limit: PAGE_SIZE }, controller.signal).then(setLog, (err: unknown) => reportLoadError(err, '載入紀錄失敗'));
    return () => controller.abort();
  }, [kind, from, to, page]);

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>操作紀錄</h1>
      </header>
      <section className={styles.card}>
        <form className={styles.actions} aria-label="篩選紀錄" onSubmit={(event) => event.preventDefault()}>
          <label className={styles.field}>
            <span className={styles.label}>類型</span>
            <select className={styles.input} value={kind ?? ''} onChange={(event) => setFilter('kind', event.target.value)}>
              <option value="">全部</option>
              {AUDIT_KINDS.map((value) => <option key={value} value={value}>{KIND_LABELS[value]}</option>)}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>開始日期</span>
            <input className={styles.input} type="date" value={from} onChange={(event) => setFilter('from', event.target.value)} />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>結束日期</span>
            <input className={styles.input} type="date" value={to} onChange={(event) => setFilter('to', event.target.value)} />
          </label>
        </form>
        {log?.partial && <p className={styles.note} role="status">登入紀錄暫時無法讀取，目前只顯示其他紀錄。</p>}
        {!log ? <Spinner /> : log.events.length === 0 ? <p className={styles.empty}>沒有符合條件的紀錄</p> : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr><th scope="col">時間</th><th scope="col">動作</th><th scope="col">內容</th><th scope="col">操作者</th><th scope="col">IP 位址</th></tr>
              </thead>
              <tbody>
                {log.events.map((event) => {
                  const link = subjectLink(event);
                  return (
                    <tr key={event.id} data-action={event.action}>
                      <td className={styles.nowrap}><time dateTime={event.at}>{formatLongDateTime(event.at)}</time></td>
                      <td className={styles.nowrap}>{ACTION_LABELS[event.action]}</td>
                      <td>{link ? <Link to={link}>{event.summary}</Link> : event.summary}</td>
                      <td>{actorLabel(event.actor)}</td>
                      <td>{event.ip ?? '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {log && log.pagination.pages > 1 && (
          <nav className={styles.actions} aria-label="分頁">
            <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} disabled={page <= 1} onClick={() => setFilter('page', String(page - 1))}>上一頁</button>
            <span className={styles.muted}>第 {page} / {log.pagination.pages} 頁，共 {log.pagination.total} 筆</span>
            <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} disabled={page >= log.pagination.pages} onClick={() => setFilter('page', String(page + 1))}>下一頁</button>
          </nav>
        )}
      </section>
    </>
  );
}
