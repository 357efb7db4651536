import { create } from 'zustand';
import type { Settings } from '@coinmag/contracts';
import { DEFAULT_SETTINGS, inlineSettings } from './inline-settings';

interface SettingsState {
  settings: Settings | null;
  load: () => Promise<void>;
}

export const useSettings = create<SettingsState>((set, get) => ({
  settings: inlineSettings(),
  load: async () => {
    if (get().settings) return;
    try {
      const res = await fetch('/api/settings');
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      set({ settings: { ...DEFAULT_SETTINGS, ...((await res.json()) as Partial<Settings>) } });
    } catch (err) {
      console.error('載入資料失敗', err);
      set({ settings: DEFAULT_SETTINGS });
    }
  },
}));
