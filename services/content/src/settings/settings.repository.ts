import type { Knex } from 'knex';
import type { Settings, SettingsInput } from '@coinmag/contracts';

const FIELDS = ['site_title', 'site_description', 'google_adsense_id', 'header_ad_script', 'sidebar_ad_script', 'footer_ad_script'] as const;

export class SettingsRepository {
  constructor(private readonly db: Knex) {}

  async get(): Promise<Settings> {
    const row = await this.db('settings').where({ id: 1 }).first(FIELDS);
    return row ?? Object.fromEntries(FIELDS.map((field) => [field, ''])) as Settings;
  }

  async update(input: SettingsInput): Promise<Settings> {
    const [row] = await this.db('settings')
      .insert({ id: 1, ...input, updated_at: this.db.fn.now() })
      .onConflict('id')
      .merge()
      .returning(FIELDS);
    return row as Settings;
  }
}
