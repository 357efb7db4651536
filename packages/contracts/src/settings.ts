import { z } from 'zod';

export const SETTINGS_LIMITS = {
  site_title: 100,
  site_description: 500,
  google_adsense_id: 64,
  header_ad_script: 20000,
  sidebar_ad_script: 20000,
  footer_ad_script: 20000,
  indexnow_key: 128,
} as const;

/** IndexNow's rule for a key: 8 to 128 of a-z, A-Z, 0-9 and '-'; empty turns IndexNow off (docs/product.md §11). */
export const INDEXNOW_KEY_PATTERN = /^[a-zA-Z0-9-]{8,128}$/;

const bounded = (field: keyof typeof SETTINGS_LIMITS, label: string) =>
  z.string({ invalid_type_error: `${label}必須是文字` }).max(SETTINGS_LIMITS[field], `${label}最多 ${SETTINGS_LIMITS[field]} 個字`);

export const settingsSchema = z.object({
  site_title: bounded('site_title', '網站標題'),
  site_description: bounded('site_description', '網站描述'),
  google_adsense_id: bounded('google_adsense_id', 'Google AdSense 發布商 ID'),
  header_ad_script: bounded('header_ad_script', '頁首廣告程式碼'),
  sidebar_ad_script: bounded('sidebar_ad_script', '側邊欄廣告程式碼'),
  footer_ad_script: bounded('footer_ad_script', '頁尾廣告程式碼'),
});
export type Settings = z.infer<typeof settingsSchema>;

export { DEFAULT_SETTINGS, withoutAds } from './default-settings.js';

/** The admin's view: the settings and their version, bumped by every save. */
export const adminSettingsSchema = settingsSchema.extend({ indexnow_key: z.string(), version: z.number().int() });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * PUT /api/settings/admin: every field optional, missing ones keep their value; `version`
 * (the one the form was loaded at) makes a save over a newer one fail with 409.
 */
export const settingsInputSchema = settingsSchema
  .extend({
    /** Admin-only: readers get it from the key file (GET /api/indexnow/key). */
    indexnow_key: bounded('indexnow_key', 'IndexNow 金鑰').refine((key) => key === '' || INDEXNOW_KEY_PATTERN.test(key), 'IndexNow 金鑰須為 8 到 128 個英文字母、數字或連字號'),
  })
  .partial()
  .extend({ version: z.number({ invalid_type_error: 'version 必須是數字' }).int().min(1).optional() })
  .strict();
export type SettingsInput = z.infer<typeof settingsInputSchema>;

/** GET /api/indexnow/key: the site's IndexNow key, served by the gateway as /{key}.txt; empty when off. */
export const indexNowKeySchema = z.object({ key: z.string() });
export type IndexNowKey = z.infer<typeof indexNowKeySchema>;
