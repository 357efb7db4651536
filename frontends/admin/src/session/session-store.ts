import { create } from 'zustand';
import { authApi } from '../api/admin-api';
import { ApiError, readToken, writeToken } from '../api/http';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

interface SessionState {
  status: SessionStatus;
  username: string | null;
  usingDefaultPassword: boolean;
  /** Reads the stored token and verifies it; a 401 removes the token (SPEC §4). */
  verify: () => Promise<void>;
  login: (username: string, password: string) => Promise<void>;
  logout: () => void;
  /** The token was refused: forget it and show the login form. */
  expire: () => void;
}

export const useSession = create<SessionState>((set) => ({
  status: readToken() ? 'checking' : 'anonymous',
  username: null,
  usingDefaultPassword: false,
  verify: async () => {
    if (!readToken()) {
      set({ status: 'anonymous', username: null });
      return;
    }
    set({ status: 'checking' });
    try {
      const result = await authApi.verify();
      set({ status: 'authenticated', username: result.admin.username, usingDefaultPassword: result.usingDefaultPassword });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) writeToken(null);
      set({ status: 'anonymous', username: null });
    }
  },
  login: async (username, password) => {
    const { token } = await authApi.login(username, password);
    writeToken(token);
    set({ status: 'authenticated', username });
    // The name and the default-password flag come from the verified token.
    authApi
      .verify()
      .then((result) => set({ username: result.admin.username, usingDefaultPassword: result.usingDefaultPassword }))
      .catch(() => {});
  },
  logout: () => {
    writeToken(null);
    set({ status: 'anonymous', username: null });
  },
  expire: () => {
    writeToken(null);
    set({ status: 'anonymous', username: null });
  },
}));
