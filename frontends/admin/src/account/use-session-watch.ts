import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { authApi } from '../api/admin-api';
import { ApiError } from '../api/http';
import { rememberReturn } from '../return-path';
import { useSession } from '../session/session-store';
import { toast } from '../toasts/toast-store';

/** How often an open back-office page asks whether its session still stands. */
const CHECK_EVERY_MS = 30_000;

/**
 * A session ended elsewhere (a password change signs every other page out) shows the login
 * form here too, when the page is looked at again or within half a minute, and brings the
 * admin back to the same screen, with any form's text, after signing in.
 */
export function useSessionWatch(active: boolean): void {
  const location = useLocation();
  const path = location.pathname;
  useEffect(() => {
    if (!active) return;
    let checking = false;
    const check = async () => {
      if (checking || document.visibilityState === 'hidden') return;
      checking = true;
      try {
        await authApi.verify();
      } catch (err) {
        if (err instanceof ApiError && err.status === 401 && useSession.getState().status === 'authenticated') {
          rememberReturn(path);
          toast.error('登入已過期，請重新登入');
          useSession.getState().expire();
        }
      } finally {
        checking = false;
      }
    };
    const onVisible = () => void check();
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(onVisible, CHECK_EVERY_MS);
    return () => {
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [active, path]);
}
