import { asApiError, writeToken } from '../api/http';
import { SESSION_REDIRECT_DELAY_MS, saveErrorMessage } from '../api/save-errors';
import { toast } from '../toasts/toast-store';
import { useSession } from './session-store';

/**
 * A failed save (docs/product.md §8): 401 says the login expired, clears the token at once and shows
 * the login form after 3 seconds; every other status gets its own text.
 * Returns true when the session ended (the caller keeps its busy state).
 */
export function reportSaveError(err: unknown, goToLogin: () => void): boolean {
  const error = asApiError(err, '');
  toast.error(saveErrorMessage(error.status, error.serverError));
  if (error.status !== 401) return false;
  writeToken(null);
  setTimeout(() => {
    useSession.getState().expire();
    goToLogin();
  }, SESSION_REDIRECT_DELAY_MS);
  return true;
}
