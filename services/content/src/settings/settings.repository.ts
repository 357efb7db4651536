import type { Knex } from 'knex';
import type { AdminSettings, Settings, SettingsInput } from '@coinmag/contracts';
import type { AuditEntry, AuditRepository } from '@coinmag/audit';
import type { ChangeOutbox } from '../outbox/change-outbox.js';

const FIELDS = ['site_title', 'site_description', 'google_adsense_id', 'header_ad_script', 'sidebar_ad_script', 'footer_ad_script'] as const;
/** What only the admin reads. */
const ADMIN_FIELDS = [...FIELDS, 'indexnow_key'] as const;
type SettingsFields = Omit<SettingsInput, 'version'>;

export class SettingsRepository {
  /** With `audit`, a save given an entry logs it (and tells `outbox` of it) in the save's own transaction. */
  constructor(
    private readonly db: Knex,
    private readonly audit?: AuditRepository,
    private readonly outbox?: ChangeOutbox,
  ) {}

  async get(): Promise<Settings> {
    const row = await this.db('settings').where({ id: 1 }).first(FIELDS);
    return row ?? Object.fromEntries(FIELDS.map((field) => [field, ''])) as Settings;
  }

  async getWithVersion(): Promise<AdminSettings> {
    const row = await this.db('settings').where({ id: 1 }).first([...ADMIN_FIELDS, 'version']);
    return row ?? { ...Object.fromEntries(ADMIN_FIELDS.map((field) => [field, ''])), version: 0 } as AdminSettings;
  }

  /** The IndexNow key (empty: none). */
  async indexNowKey(): Promise<string> {
    const row = await this.db('settings').where({ id: 1 }).first('indexnow_key');
    return (row?.indexnow_key as string | undefined) ?? '';
  }

  /** Writes only while the row is at `expectedVersion` (0: no row yet); undefined when it is not. */
  async update(input: SettingsFields, expectedVersion: number, audit?: AuditEntry): Promise<AdminSettings | undefined> {
    if (!this.audit || !audit) return this.write(this.db, input, expectedVersion);
    return this.db.transaction(async (trx) => {
      const saved = await this.write(trx, input, expectedVersion);
      if (saved) await this.audit!.record(audit, trx);
      if (saved && this.outbox) await this.outbox.siteChanged(trx);
      return saved;
    });
  }

  private async write(trx: Knex | Knex.Transaction, input: SettingsFields, expectedVersion: number): Promise<AdminSettings | undefined> {
    if (expectedVersion === 0) {
      const [created] = await trx('settings').insert({ id: 1, ...input, updated_at: trx.fn.now() }).onConflict('id').ignore().returning([...ADMIN_FIELDS, 'version']);
      return created as AdminSettings | undefined;
    }
    const [row] = await trx('settings')
      .where({ id: 1, version: expectedVersion })
      .update({ ...input, updated_at: trx.fn.now(), version: trx.raw('version + 1') })
      .returning([...ADMIN_FIELDS, 'version']);
    return row as AdminSettings | undefined;
  }
}
