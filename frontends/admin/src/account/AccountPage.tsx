import { useEffect, useState, type FormEvent } from 'react';
import styles from '../admin.module.css';
import { accountApi } from '../api/account-api';
import { asApiError } from '../api/http';
import { reportLoadError } from '../session/load-errors';
import { useSession } from '../session/session-store';
import { toast } from '../toasts/toast-store';
import { passwordProblem, passwordRules } from './password-rules';

/** Change the password; every other signed-in page or device is signed out by it. */
export function AccountPage() {
  const username = useSession((state) => state.username) ?? 'admin';
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    document.title = '帳號設定 | 管理後台';
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problem = passwordProblem(current, next, repeat, username);
    if (problem) {
      setError({ field: current ? 'newPassword' : 'currentPassword', message: problem });
      return;
    }
    setSaving(true);
    setError(null);
    try {
      // Older sessions end with the change; the answer set this page's fresh session cookie.
      await accountApi.changePassword(current, next);
      setCurrent('');
      setNext('');
      setRepeat('');
      toast.success('密碼已更新，其他已登入的頁面與裝置都已登出');
    } catch (err) {
      const failure = asApiError(err, '更新失敗');
      if (failure.status === 401) reportLoadError(err, '更新失敗');
      else setError({ field: failure.field, message: failure.message });
    } finally {
      setSaving(false);
    }
  };

  const rules = passwordRules(current, next, repeat, username);
  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>帳號設定</h1>
      </header>
      <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby="password-title">
        <h2 id="password-title" className={styles.sectionTitle}>變更密碼</h2>
        <p className={styles.hint}>帳號：{username}。變更後，其他已登入的頁面與裝置都會被登出。</p>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="current-password">目前密碼</label>
          <input id="current-password" className={`${styles.input} ${error?.field === 'currentPassword' ? styles.inputInvalid : ''}`} type="password" autoComplete="current-password"
            value={current} onChange={(event) => setCurrent(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="new-password">新密碼</label>
          <input id="new-password" className={`${styles.input} ${error?.field === 'newPassword' ? styles.inputInvalid : ''}`} type="password" autoComplete="new-password"
            aria-describedby="password-rules" value={next} onChange={(event) => setNext(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="repeat-password">再次輸入新密碼</label>
          <input id="repeat-password" className={styles.input} type="password" autoComplete="new-password" value={repeat} onChange={(event) => setRepeat(event.target.value)} />
        </div>
        <ul id="password-rules" className={styles.hint} aria-label="新密碼規則">
          {rules.map((rule) => (
            <li key={rule.id} data-met={rule.met}>{rule.met ? '✓' : '・'} {rule.label}</li>
          ))}
        </ul>
        {error && <p className={styles.fieldError} role="alert">{error.message}</p>}
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={saving} aria-busy={saving}>{saving ? '更新中…' : '變更密碼'}</button>
        </div>
      </form>
    </>
  );
}
