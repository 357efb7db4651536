import { create } from 'zustand';
import { DEFAULT_SETTINGS, type Settings } from '@coinmag/contracts';


interface SettingsState {
  settings: Settings | null;
  load: () => Promise<void>;
}

/** Settings the gateway wrote into the page, so the first paint needs no extra round trip. */
function inlineSettings(): Settings | null {
  if (typeof document === 'undefined') return null;
  const node = document.getElementById('coinmag-settings');
  if (!node?.textContent) return null;
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(node.textContent) as Partial<Settings>) };
  } catch {
    return null;
  }
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
