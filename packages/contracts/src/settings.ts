import { z } from 'zod';

export const SETTINGS_LIMITS = {
  site_title: 100,
  site_description: 500,
  google_adsense_id: 64,
  header_ad_script: 20000,
  sidebar_ad_script: 20000,
  footer_ad_script: 20000,
} as const;

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

/** The admin's view: the settings and their version, bumped by every save. */
export const adminSettingsSchema = settingsSchema.extend({ version: z.number().int() });
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * PUT /api/settings/admin: every field optional, missing ones keep their value; `version`
 * (the one the form was loaded at) makes a save over a newer one fail with 409.
 */
export const settingsInputSchema = settingsSchema
  .partial()
  .extend({ version: z.number({ invalid_type_error: 'version 必須是數字' }).int().min(1).optional() })
  .strict();
export type SettingsInput = z.infer<typeof settingsInputSchema>;
