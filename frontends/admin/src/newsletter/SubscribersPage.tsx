import { useCallback, useEffect, useState } from 'react';
import { NEWSLETTER_ADMIN_PATH, type MailboxItem, type MailboxMessage, type SubscriberCounts, type SubscriberRow, type SubscriberStatus } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { newsletterApi } from '../api/newsletter-api';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { toast } from '../toasts/toast-store';

const STATUS_TEXT: Record<SubscriberStatus, string> = { confirmed: '已確認', pending: '待確認', unsubscribed: '已取消', suppressed: '已停寄' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-TW', { hour12: false }) : '—');

/** 訂閱者 (docs/product.md, Newsletter): counts, search, export, delete for good; and 寄件匣, the local mailbox. */
export function SubscribersPage() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<SubscriberStatus | ''>('');
  const [list, setList] = useState<{ items: SubscriberRow[]; total: number; counts: SubscriberCounts } | null>(null);
  const [mailbox, setMailbox] = useState<MailboxItem[]>([]);
  const [open, setOpen] = useState<MailboxMessage | null>(null);

  const load = useCallback(() => {
    newsletterApi.subscribers({ q, status }).then(setList, (err: unknown) => reportLoadError(err, '載入資料失敗'));
    newsletterApi.mailbox().then((answer) => setMailbox(answer.items), (err: unknown) => reportLoadError(err, '載入資料失敗'));
  }, [q, status]);

  useEffect(() => {
    document.title = '訂閱者 | 管理後台';
    load();
  }, [load]);

  const remove = async (row: SubscriberRow) => {
    if (!window.confirm(`永久刪除 ${row.email}？所有紀錄都會一起刪除，無法復原。`)) return;
    try {
      await newsletterApi.remove(row.id);
      toast.success('已永久刪除');
      load();
    } catch (err) {
      toast.error((err as Error).message || '刪除失敗');
    }
  };

  if (!list) return <Spinner label="載入中…" />;
  return (
    <div>
      <h1 className={styles.pageTitle}>訂閱者</h1>
      <section className={styles.card} aria-label="訂閱人數">
        <p data-testid="subscriber-counts">
          已確認 {list.counts.confirmed}・待確認 {list.counts.pending}・已取消 {list.counts.unsubscribed}・已停寄 {list.counts.suppressed}
        </p>
        <div className={styles.field}>
          <label htmlFor="subscriber-search">搜尋電子郵件</label>
          <input id="subscriber-search" value={q} onChange={(event) => setQ(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor="subscriber-status">狀態</label>
          <select id="subscriber-status" value={status} onChange={(event) => setStatus(event.target.value as SubscriberStatus | '')}>
            <option value="">全部</option>
            {(Object.keys(STATUS_TEXT) as SubscriberStatus[]).map((key) => (
              <option key={key} value={key}>{STATUS_TEXT[key]}</option>
            ))}
          </select>
        </div>
        <a className={styles.button} href={`${NEWSLETTER_ADMIN_PATH}/subscribers.csv`} download>匯出 CSV</a>
        <table>
          <thead>
            <tr><th>電子郵件</th><th>狀態</th><th>每週精選</th><th>訂閱時間</th><th>停寄原因</th><th></th></tr>
          </thead>
          <tbody>
            {list.items.map((row) => (
              <tr key={row.id}>
                <td>{row.email}</td><td>{STATUS_TEXT[row.status]}</td><td>{row.digest ? '是' : '否'}</td><td>{when(row.createdAt)}</td><td>{row.suppressedReason ?? '—'}</td>
                <td><button type="button" className={styles.button} onClick={() => void remove(row)} aria-label={`永久刪除 ${row.email}`}>永久刪除</button></td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>共 {list.total} 位</p>
      </section>
      <section className={styles.card} aria-label="寄件匣">
        <h2>寄件匣</h2>
        <p>尚未設定 SMTP 時，所有信件都寫在這裡（不會真的寄出）。</p>
        <ul data-testid="mailbox">
          {mailbox.map((item) => (
            <li key={item.id}>
              <button type="button" className={styles.button} onClick={() => void newsletterApi.mailboxMessage(item.id).then(setOpen)}>
                {item.subject}
              </button>{' '}
              {item.recipient}・{when(item.createdAt)}
            </li>
          ))}
        </ul>
        {open ? (
          <article aria-label="信件內容">
            <h3>{open.subject}</h3>
            <p>收件人：{open.recipient}</p>
            <iframe title="信件預覽" sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={open.html} style={{ width: '100%', height: '32rem', border: '1px solid #ddd' }} />
            <pre style={{ whiteSpace: 'pre-wrap' }} data-testid="mailbox-text">{open.text}</pre>
          </article>
        ) : null}
      </section>
    </div>
  );
}
