import { API_MESSAGES, type AdminSettings, type Settings, type SettingsInput } from '@coinmag/contracts';
import { ConflictError } from '@coinmag/service-kit';
import type { SettingsRepository } from './settings.repository.js';

const LABELS: Record<string, string> = {
  site_title: '網站標題',
  site_description: '網站描述',
  google_adsense_id: 'Google AdSense 發布商 ID',
  header_ad_script: '頁首廣告程式碼',
  sidebar_ad_script: '側邊欄廣告程式碼',
  footer_ad_script: '頁尾廣告程式碼',
  indexnow_key: 'IndexNow 金鑰',
};

export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly onChange: () => Promise<void> = async () => {},
  ) {}

  get(): Promise<Settings> {
    return this.settings.get();
  }

  indexNowKey(): Promise<string> {
    return this.settings.indexNowKey();
  }

  getForAdmin(): Promise<AdminSettings> {
    return this.settings.getWithVersion();
  }

  /** A save naming a version other than the current one is refused (409); nothing is overwritten. */
  async update(input: SettingsInput, ip: string | null = null): Promise<AdminSettings> {
    const current = await this.settings.getWithVersion();
    const { version = current.version, ...fields } = input;
    if (version !== current.version) throw new ConflictError(API_MESSAGES.settingsConflict, 'version');
    const changed = Object.keys(fields).map((field) => LABELS[field] ?? field).join('、');
    const saved = await this.settings.update(fields, version, { action: 'settings.update', actor: 'admin', ip, summary: changed });
    if (!saved) throw new ConflictError(API_MESSAGES.settingsConflict, 'version');
    await this.onChange();
    return saved;
  }
}
