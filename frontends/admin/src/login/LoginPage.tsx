import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styles from '../admin.module.css';
import { authApi } from '../api/admin-api';
import { asApiError } from '../api/http';
import { useSession } from '../session/session-store';
import { toast } from '../toasts/toast-store';
import { takeReturnPath } from '../return-path';

/** Shown at any admin path without a verified token (docs/product.md §2). */
export function LoginPage() {
  const login = useSession((state) => state.login);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [showHint, setShowHint] = useState(false);

  useEffect(() => {
    document.title = '登入 | 管理後台';
    let live = true;
    // The hint is shown only while the default password is still in use.
    authApi
      .loginHint()
      .then((hint) => live && setShowHint(hint.usingDefaultPassword))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await login(username.trim(), password);
      toast.success('登入成功');
      // The preview tab keeps its address; after an ended session the screen it ended on
      // (with the form's text) follows the login; otherwise the dashboard.
      if (pathname !== '/admin/preview') navigate(takeReturnPath() ?? '/admin/dashboard', { replace: true });
    } catch (err) {
      const error = asApiError(err, '登入失敗');
      toast.error(error.serverError ? `登入失敗：${error.serverError}` : '登入失敗');
      setBusy(false);
    }
  };

  return (
    <main className={styles.loginPage}>
      <form className={`${styles.loginCard} ${styles.form}`} onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.loginTitle}>管理後台登入</h1>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="login-username">帳號</label>
          <input id="login-username" className={styles.input} name="username" autoComplete="username" required autoFocus
            value={username} onChange={(event) => setUsername(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="login-password">密碼</label>
          <input id="login-password" className={styles.input} name="password" type="password" autoComplete="current-password" required
            value={password} onChange={(event) => setPassword(event.target.value)} />
        </div>
        {showHint && <p className={styles.loginHint}>預設帳號：admin</p>}
        <button type="submit" className={styles.button} disabled={busy} aria-busy={busy}>
          {busy ? '登入中…' : '登入'}
        </button>
      </form>
    </main>
  );
}
