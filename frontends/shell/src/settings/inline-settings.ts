import type { Settings } from '@coinmag/contracts';

export const DEFAULT_SETTINGS: Settings = {
  site_title: '幣誌 CoinMag',
  site_description: '幫助更多新手快速掌握最新的加密貨幣趨勢與資訊',
  google_adsense_id: '',
  header_ad_script: '',
  sidebar_ad_script: '',
  footer_ad_script: '',
};

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
