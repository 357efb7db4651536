import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEvent } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { asApiError } from '../api/http';
import { webhooksApi } from '../api/webhooks-api';
import { confirmDelete } from '../components/confirm';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';
import { DeliveryLog } from './DeliveryLog';

const REGENERATE_CONFIRM = '確定要重新產生密鑰嗎？舊的密鑰會立即失效，接收端須改用新的密鑰驗證簽章。';

/** Webhook (docs/product.md §11): endpoints told of publications and changes, signed, with their delivery log. */
export function WebhooksPage() {
  const navigate = useNavigate();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['article.published']);
  const [saving, setSaving] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  // The secret is in no list: shown once, from the answer that made it (a create or a new secret).
  const [revealed, setRevealed] = useState<{ id: number; secret: string } | null>(null);

  useEffect(() => {
    document.title = 'Webhook | 管理後台';
    webhooksApi.list().then((answer) => setEndpoints(answer.endpoints), (err: unknown) => {
      reportLoadError(err, '載入資料失敗');
      setEndpoints([]);
    });
  }, []);

  const toggleEvent = (event: WebhookEvent) => setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));

  const create = async (submitted: FormEvent) => {
    submitted.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const { secret, ...created } = await webhooksApi.create({ url, events });
      setEndpoints((current) => [...(current ?? []), created]);
      setRevealed({ id: created.id, secret });
      setUrl('');
      toast.success('已新增 Webhook');
      setSaving(false);
    } catch (err) {
      if (!reportSaveError(err, () => navigate('/admin/login', { replace: true }))) setSaving(false);
    }
  };

  const failed = (err: unknown, what: string) => {
    const error = asApiError(err, what);
    if (error.status === 401) reportLoadError(err, what);
    else toast.error(error.serverError ? `${what}：${error.serverError}` : what);
  };

  const toggle = async (endpoint: WebhookEndpoint) => {
    try {
      const updated = await webhooksApi.update(endpoint.id, { url: endpoint.url, events: endpoint.events, enabled: !endpoint.enabled });
      setEndpoints((current) => current?.map((row) => (row.id === updated.id ? updated : row)) ?? null);
      toast.success(updated.enabled ? '已啟用 Webhook' : '已停用 Webhook');
    } catch (err) {
      failed(err, '更新失敗');
    }
  };

  const sendTest = async (endpoint: WebhookEndpoint) => {
    try {
      await webhooksApi.sendTest(endpoint.id);
      toast.success('已送出測試，結果請見傳送紀錄');
      setOpen(endpoint.id);
      setRefresh((n) => n + 1);
    } catch (err) {
      failed(err, '傳送失敗');
    }
  };

  const regenerate = async (endpoint: WebhookEndpoint) => {
    if (!window.confirm(REGENERATE_CONFIRM)) return;
    try {
      const { secret } = await webhooksApi.regenerateSecret(endpoint.id);
      setRevealed({ id: endpoint.id, secret });
      toast.success('已產生新的密鑰');
    } catch (err) {
      failed(err, '重新產生密鑰失敗');
    }
  };

  const remove = async (endpoint: WebhookEndpoint) => {
    if (!confirmDelete()) return;
    try {
      await webhooksApi.remove(endpoint.id);
      setEndpoints((current) => current?.filter((row) => row.id !== endpoint.id) ?? null);
      toast.success('已刪除');
    } catch (err) {
      failed(err, '刪除失敗');
    }
  };

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Webhook</h1>
      </header>
      <form className={`${styles.card} ${styles.form}`} onSubmit={create} aria-label="新增 Webhook">
        <div className={styles.field}>
          <label className={styles.label} htmlFor="webhook-url">接收網址</label>
          <input id="webhook-url" className={styles.input} type="url" required value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://example.com/webhook" />
        </div>
        <fieldset className={styles.field}>
          <legend className={styles.legend}>通知事件</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className={styles.check}>
              <input type="checkbox" className={styles.checkInput} checked={events.includes(event)} onChange={() => toggleEvent(event)} />
              {WEBHOOK_EVENT_LABELS[event]}
            </label>
          ))}
        </fieldset>
        <p className={styles.note}>說明：每次傳送都附上以密鑰計算的 HMAC-SHA256 簽章（X-Coinmag-Signature），送不到時會在一天內逐次延後重送。</p>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={saving} aria-busy={saving}>{saving ? '新增中…' : '新增 Webhook'}</button>
        </div>
      </form>
      {!endpoints ? (
        <Spinner />
      ) : endpoints.length === 0 ? (
        <p className={`${styles.card} ${styles.empty}`}>尚未設定 Webhook</p>
      ) : (
        endpoints.map((endpoint) => (
          <section key={endpoint.id} className={styles.card} data-webhook-id={endpoint.id} aria-label={endpoint.url}>
            <h2 className={styles.sectionTitle}>{endpoint.url}</h2>
            <p>
              <span className={`${styles.badge} ${endpoint.enabled ? styles.badgeActive : styles.badgeInactive}`}>{endpoint.enabled ? '啟用' : '停用'}</span>{' '}
              {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join('、')}
            </p>
            {revealed?.id === endpoint.id ? (
              <p className={styles.hint} role="status">
                簽章密鑰：<code>{revealed.secret}</code>（只顯示這一次，請立即複製保存）
              </p>
            ) : (
              <p className={styles.hint}>簽章密鑰：已隱藏（遺失時請重新產生密鑰）</p>
            )}
            <div className={styles.rowActions}>
              <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} onClick={() => void sendTest(endpoint)}>傳送測試</button>
              <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                aria-expanded={open === endpoint.id}>傳送紀錄</button>
              <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} onClick={() => void toggle(endpoint)}>{endpoint.enabled ? '停用' : '啟用'}</button>
              <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} onClick={() => void regenerate(endpoint)}>重新產生密鑰</button>
              <button type="button" className={`${styles.button} ${styles.buttonDanger} ${styles.buttonSmall}`} onClick={() => void remove(endpoint)}
                aria-label={`刪除「${endpoint.url}」`}>刪除</button>
            </div>
            {open === endpoint.id && (
              <>
                <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} onClick={() => setRefresh((n) => n + 1)}>重新整理</button>
                <DeliveryLog endpoint={endpoint} refresh={refresh} />
              </>
            )}
          </section>
        ))
      )}
    </>
  );
}
