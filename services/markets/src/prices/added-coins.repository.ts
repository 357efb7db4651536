import type { Knex } from 'knex';

export interface AddedCoin {
  symbol: string;
  providerId: string;
  name: string;
  twdMarket: string | null;
}

interface AddedCoinRow {
  symbol: string;
  provider_id: string;
  name: string;
  twd_market: string | null;
}

/** Knex queries over the coins the admin added from the provider's list. */
export class AddedCoinsRepository {
  constructor(private readonly db: Knex) {}

  /** In the order they were added. */
  async all(): Promise<AddedCoin[]> {
    const rows = await this.db('added_coins').select<AddedCoinRow[]>('symbol', 'provider_id', 'name', 'twd_market').orderBy([{ column: 'added_at' }, { column: 'symbol' }]);
    return rows.map((row) => ({ symbol: row.symbol, providerId: row.provider_id, name: row.name, twdMarket: row.twd_market }));
  }

  /** False when the symbol or the provider id is taken already (another request won the race). */
  async insert(coin: AddedCoin): Promise<boolean> {
    const inserted = await this.db('added_coins')
      .insert({ symbol: coin.symbol, provider_id: coin.providerId, name: coin.name, twd_market: coin.twdMarket, added_at: this.db.fn.now() })
      .onConflict()
      .ignore()
      .returning('symbol');
    return inserted.length === 1;
  }

  /** Forgets the coin, its ticker place, its tag and its stored prices (a later coin of the same symbol starts afresh). */
  async remove(symbol: string): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const removed = await trx('added_coins').where({ symbol }).delete();
      if (removed === 0) return false;
      await trx('coin_settings').where({ symbol }).delete();
      await trx('price_hourly').where({ symbol }).delete();
      await trx('price_daily').where({ symbol }).delete();
      return true;
    });
  }
}
