import { asApiError, isAbort, readToken } from '../api/http';
import { toast } from '../toasts/toast-store';
import { useSession } from './session-store';

/**
 * A failed load on an admin screen: a refused token ends the session (the login form shows),
 * anything else is a toast with the server's text or the fallback.
 */
export function reportLoadError(err: unknown, fallback: string): void {
  if (isAbort(err)) return;
  const error = asApiError(err, fallback);
  if (error.status === 401) {
    if (readToken()) toast.error('驗證失敗，請重新登入');
    useSession.getState().expire();
    return;
  }
  toast.error(error.message || fallback);
}
