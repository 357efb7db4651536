// Its own module, without zod: a page's first script reads it (@coinmag/contracts/default-settings)
// and would otherwise carry the schemas' library, about 14 KB compressed.
import type { Settings } from './settings.js';

/** What a page shows when the content service has not answered its settings (and before any are saved). */
export const DEFAULT_SETTINGS: Settings = {
  site_title: '幣誌 CoinMag',
  site_description: '幫助更多新手快速掌握最新的加密貨幣趨勢與資訊',
  google_adsense_id: '',
  header_ad_script: '',
  sidebar_ad_script: '',
  footer_ad_script: '',
};

/**
 * The settings with no ad code and no ad network: what a page where ads never run is given (a
 * preview link's: its token is in the page's address, docs/security.md).
 */
export function withoutAds(settings: Settings): Settings {
  return { ...settings, google_adsense_id: '', header_ad_script: '', sidebar_ad_script: '', footer_ad_script: '' };
}
