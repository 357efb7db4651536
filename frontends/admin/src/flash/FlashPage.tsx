import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FLASH_LIMITS, type AdminFlash } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import admin from '../admin.module.css';
import { flashApi } from '../api/flash-api';
import { asApiError } from '../api/http';
import { Spinner } from '../components/Spinner';
import { confirmDelete } from '../components/confirm';
import { reportLoadError } from '../session/load-errors';
import { toast } from '../toasts/toast-store';
import { FlashHistory } from './FlashHistory';
import { EMPTY_FLASH, charCount, flashBody, validateFlash, valuesFromFlash, type FlashFormValues } from './flash-form';
import styles from './flash.module.css';

/**
 * 快訊 (/admin/flash), made for a phone (docs/product.md §2 快訊): one text area with its count,
 * tags, 重要 and 發布 — one tap after typing; below, the recent items with edit, pin and delete.
 */
export function FlashPage() {
  const [items, setItems] = useState<AdminFlash[] | null>(null);
  const [values, setValues] = useState<FlashFormValues>(EMPTY_FLASH);
  const [editing, setEditing] = useState<AdminFlash | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  const load = () =>
    flashApi.list().then(setItems, (err: unknown) => {
      reportLoadError(err, '載入資料失敗');
      setItems([]);
    });
  useEffect(() => {
    document.title = '快訊 | 管理後台';
    void load();
  }, []);

  const set = <K extends keyof FlashFormValues>(key: K, value: FlashFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const count = charCount(values.text);

  const failed = (err: unknown, fallback: string) => {
    const apiError = asApiError(err, fallback);
    if (apiError.status === 401) reportLoadError(err, fallback);
    const message = apiError.serverError || fallback;
    setError(message);
    toast.error(message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateFlash(values);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (editing) await flashApi.update(editing.id, flashBody(values, editing));
      else await flashApi.create(flashBody(values));
      toast.success(editing ? '已更新快訊' : '已發布快訊');
      setValues(EMPTY_FLASH);
      setEditing(null);
      await load();
    } catch (err) {
      failed(err, editing ? '更新失敗' : '發布失敗');
    } finally {
      setBusy(false);
    }
  };

  const edit = (item: AdminFlash) => {
    setEditing(item);
    setValues(valuesFromFlash(item));
    setError(null);
    textRef.current?.focus();
  };

  const togglePin = async (item: AdminFlash) => {
    try {
      await flashApi.update(item.id, { ...flashBody(valuesFromFlash(item), item), pinned: !item.pinned, published_at: null });
      toast.success(item.pinned ? '已取消置頂' : '已置頂');
      await load();
    } catch (err) {
      failed(err, '更新失敗');
    }
  };

  const remove = async (item: AdminFlash) => {
    if (!confirmDelete()) return;
    try {
      await flashApi.remove(item.id);
      toast.success('已刪除');
      if (editing?.id === item.id) {
        setEditing(null);
        setValues(EMPTY_FLASH);
      }
      setItems((current) => current?.filter((row) => row.id !== item.id) ?? null);
    } catch (err) {
      failed(err, '刪除失敗');
    }
  };

  return (
    <div className={styles.page}>
      <header className={admin.pageHeader}>
        <h1 className={admin.pageTitle}>快訊</h1>
      </header>
      <form className={`${admin.card} ${styles.form}`} onSubmit={(event) => void submit(event)} noValidate>
        <label className={admin.label} htmlFor="flash-text">{editing ? '編輯快訊' : '快訊內容'}</label>
        <textarea id="flash-text" ref={textRef} className={styles.text} value={values.text} onChange={(event) => set('text', event.target.value)} placeholder="輸入快訊內容，可貼上連結" aria-describedby="flash-count" />
        <span id="flash-count" className={count > FLASH_LIMITS.text ? `${styles.count} ${styles.over}` : styles.count} aria-live="polite">{count}/{FLASH_LIMITS.text}</span>
        <div className={admin.field}>
          <label className={admin.label} htmlFor="flash-tags">標籤</label>
          <input id="flash-tags" className={admin.input} value={values.tags} onChange={(event) => set('tags', event.target.value)} placeholder="以逗號或頓號分隔，例如 BTC、交易所" />
        </div>
        <div className={styles.row}>
          <label className={`${styles.check} ${styles.important}`}>
            <input type="checkbox" checked={values.important} onChange={(event) => set('important', event.target.checked)} />重要
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={values.pinned} onChange={(event) => set('pinned', event.target.checked)} />置頂
          </label>
        </div>
        <details className={styles.more}>
          <summary>來源連結、完整報導、排程</summary>
          <div className={styles.form}>
            <div className={admin.field}>
              <label className={admin.label} htmlFor="flash-source">來源連結</label>
              <input id="flash-source" type="url" inputMode="url" className={admin.input} value={values.sourceUrl} onChange={(event) => set('sourceUrl', event.target.value)} placeholder="https://" />
            </div>
            <div className={admin.field}>
              <label className={admin.label} htmlFor="flash-article">完整報導（文章編號）</label>
              <input id="flash-article" inputMode="numeric" className={admin.input} value={values.articleId} onChange={(event) => set('articleId', event.target.value.replace(/\D/g, ''))} />
            </div>
            <div className={admin.field}>
              <label className={admin.label} htmlFor="flash-schedule">排程時間（留空則立即發布）</label>
              <input id="flash-schedule" type="datetime-local" className={admin.input} value={values.scheduledAt} onChange={(event) => set('scheduledAt', event.target.value)} />
            </div>
          </div>
        </details>
        {error && <p className={styles.error} role="alert">{error}</p>}
        <button type="submit" className={`${admin.button} ${styles.publish}`} disabled={busy}>{busy ? '傳送中…' : editing ? '更新' : '發布'}</button>
        {editing && (
          <button type="button" className={`${admin.button} ${admin.buttonSecondary}`} onClick={() => { setEditing(null); setValues(EMPTY_FLASH); setError(null); }}>取消編輯</button>
        )}
      </form>
      {editing && (
        <FlashHistory
          item={editing}
          current={values}
          onRestored={(restored) => {
            setEditing(restored);
            setValues(valuesFromFlash(restored));
            setError(null);
            void load();
          }}
        />
      )}
      <section aria-labelledby="flash-recent">
        <h2 id="flash-recent" className={admin.pageTitle} style={{ fontSize: 18 }}>最近的快訊</h2>
        {!items ? (
          <Spinner />
        ) : items.length === 0 ? (
          <p className={admin.hint}>尚無快訊</p>
        ) : (
          <ul className={styles.list} data-testid="flash-admin-list">
            {items.map((item) => (
              <li key={item.id} className={item.important ? `${styles.item} ${styles.itemImportant}` : styles.item} data-flash-id={item.id}>
                <div className={styles.meta}>
                  <time dateTime={item.published_at}>{formatLongDateTime(item.published_at)}</time>
                  {item.status === 'scheduled' && <span className={admin.badge}>排程中</span>}
                  {item.important && <span className={admin.badge} style={{ background: '#dc2626', color: '#fff' }}>重要</span>}
                  {item.pinned && <span className={admin.badge}>置頂</span>}
                </div>
                <p className={styles.itemText}>{item.text}</p>
                <div className={styles.actions}>
                  <button type="button" className={`${admin.button} ${admin.buttonSecondary} ${admin.buttonSmall}`} onClick={() => edit(item)} aria-label={`編輯快訊 ${item.id}`}>編輯</button>
                  <button type="button" className={`${admin.button} ${admin.buttonSecondary} ${admin.buttonSmall}`} onClick={() => void togglePin(item)} aria-label={`${item.pinned ? '取消置頂' : '置頂'}快訊 ${item.id}`}>{item.pinned ? '取消置頂' : '置頂'}</button>
                  <button type="button" className={`${admin.button} ${admin.buttonDanger} ${admin.buttonSmall}`} onClick={() => void remove(item)} aria-label={`刪除快訊 ${item.id}`}>刪除</button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
