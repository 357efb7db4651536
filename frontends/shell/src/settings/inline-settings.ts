import type { Settings } from '@coinmag/contracts';
import { DEFAULT_SETTINGS } from '@coinmag/contracts/default-settings';

export { DEFAULT_SETTINGS };

/** Settings the gateway wrote into the page, so the first paint needs no extra round trip. */
export function inlineSettings(): Settings | null {
  if (typeof document === 'undefined') return null;
  const node = document.getElementById('coinmag-settings');
  if (!node?.textContent) return null;
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(node.textContent) as Partial<Settings>) };
  } catch {
    return null;
  }
}
