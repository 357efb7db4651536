import { create } from 'zustand';
import type { LoginResponse } from '@coinmag/contracts';
import { authApi } from '../api/admin-api';
import { ApiError, hasSession, markSession, onApiSuccess } from '../api/http';
import { startRenewal } from './renewal';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

interface SessionState {
  status: SessionStatus;
  username: string | null;
  usingDefaultPassword: boolean;
  /** Asks the server whether the session cookie is still good; a 401 closes the session (docs/product.md §4). */
  verify: () => Promise<void>;
  login: (username: string, password: string) => Promise<void>;
  /** Ends the session on the server (the cookie goes with it) and shows the login form. */
  logout: () => Promise<void>;
  /** The session was refused: forget it and show the login form. */
  expire: () => void;
}

let renewal: ReturnType<typeof startRenewal> | null = null;

function keepRenewing(times: Partial<Pick<LoginResponse, 'expiresAt' | 'sessionExpiresAt'>>): void {
  if (!times.expiresAt || !times.sessionExpiresAt) return;
  const current = { expiresAt: times.expiresAt, sessionExpiresAt: times.sessionExpiresAt };
  if (renewal) {
    renewal.update(current);
    return;
  }
  renewal = startRenewal(current, { renew: authApi.renew });
  onApiSuccess(() => renewal?.touch());
}

function stopRenewing(): void {
  renewal?.stop();
  renewal = null;
  onApiSuccess(undefined);
}

export const useSession = create<SessionState>((set) => ({
  status: hasSession() ? 'checking' : 'anonymous',
  username: null,
  usingDefaultPassword: false,
  verify: async () => {
    if (!hasSession()) {
      set({ status: 'anonymous', username: null });
      return;
    }
    set({ status: 'checking' });
    try {
      const result = await authApi.verify();
      keepRenewing(result);
      set({ status: 'authenticated', username: result.admin.username, usingDefaultPassword: result.usingDefaultPassword });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        markSession(false);
        stopRenewing();
      }
      set({ status: 'anonymous', username: null });
    }
  },
  login: async (username, password) => {
    const times = await authApi.login(username, password);
    markSession(true);
    keepRenewing(times);
    set({ status: 'authenticated', username });
    // The name and the default-password flag come from the verified session.
    authApi
      .verify()
      .then((result) => set({ username: result.admin.username, usingDefaultPassword: result.usingDefaultPassword }))
      .catch(() => {});
  },
  logout: async () => {
    markSession(false);
    stopRenewing();
    set({ status: 'anonymous', username: null });
    await authApi.logout().catch(() => {});
  },
  expire: () => {
    markSession(false);
    stopRenewing();
    set({ status: 'anonymous', username: null });
  },
}));
