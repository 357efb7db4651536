import type { Knex } from 'knex';

export interface CoinSetting {
  symbol: string;
  tickerPosition: number | null;
  tagSlug: string | null;
}

/** Knex queries over the admin's 行情設定. */
export class CoinSettingsRepository {
  constructor(private readonly db: Knex) {}

  async all(): Promise<CoinSetting[]> {
    const rows = await this.db('coin_settings').select<Array<{ symbol: string; ticker_position: number | null; tag_slug: string | null }>>('symbol', 'ticker_position', 'tag_slug');
    return rows.map((row) => ({ symbol: row.symbol, tickerPosition: row.ticker_position, tagSlug: row.tag_slug }));
  }

  /** Replaces every coin's setting at once (the form saves the whole list). */
  async replaceAll(settings: CoinSetting[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('coin_settings').delete();
      if (settings.length > 0) {
        await trx('coin_settings').insert(settings.map((setting) => ({ symbol: setting.symbol, ticker_position: setting.tickerPosition, tag_slug: setting.tagSlug, updated_at: trx.fn.now() })));
      }
    });
  }
}
