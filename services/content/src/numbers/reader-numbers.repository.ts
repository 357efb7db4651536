import type { Knex } from 'knex';

/** The Taipei calendar day of a moment, as Postgres computes it. */
const TAIPEI_DAY = `(?::timestamptz at time zone 'Asia/Taipei')::date`;

export interface TermCount {
  term: string;
  searches: number;
  zeroSearches: number;
}

export interface MissingCount {
  path: string;
  referrerHost: string;
  hits: number;
}

/** Daily counts of searches and of public pages not found; Knex only. */
export class ReaderNumbersRepository {
  constructor(private readonly db: Knex) {}

  /** Adds one hand-over's counts to the day `at` falls on: one statement per table, whatever the number of rows. */
  async add(at: Date, terms: TermCount[], missing: MissingCount[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      if (terms.length > 0) {
        await trx.raw(
          `insert into search_term_days (day, term, searches, zero_searches)
           select ${TAIPEI_DAY}, t.term, t.searches, t.zero from jsonb_to_recordset(?::jsonb) as t(term text, searches bigint, zero bigint)
           on conflict (day, term) do update set searches = search_term_days.searches + excluded.searches, zero_searches = search_term_days.zero_searches + excluded.zero_searches`,
          [at.toISOString(), JSON.stringify(terms.map((t) => ({ term: t.term, searches: t.searches, zero: t.zeroSearches })))],
        );
      }
      if (missing.length > 0) {
        await trx.raw(
          `insert into missing_page_days (day, path, referrer_host, hits)
           select ${TAIPEI_DAY}, m.path, m.host, m.hits from jsonb_to_recordset(?::jsonb) as m(path text, host text, hits bigint)
           on conflict (day, path, referrer_host) do update set hits = missing_page_days.hits + excluded.hits`,
          [at.toISOString(), JSON.stringify(missing.map((m) => ({ path: m.path, host: m.referrerHost, hits: m.hits })))],
        );
      }
    });
  }

  /** The first day of a period of `days` Taipei days ending on the day of `now`. */
  async firstDay(now: Date, days: number): Promise<string> {
    const row = (await this.db.raw(`select to_char(${TAIPEI_DAY} - (?::int - 1), 'YYYY-MM-DD') as day`, [now.toISOString(), days])).rows[0] as { day: string };
    return row.day;
  }

  async topTerms(from: string, limit: number): Promise<Array<{ term: string; searches: number; zero_searches: number }>> {
    const rows: Array<Record<string, unknown>> = await this.db('search_term_days')
      .where('day', '>=', from)
      .groupBy('term')
      .select('term')
      .sum({ searches: 'searches', zero_searches: 'zero_searches' })
      .orderBy([{ column: 'searches', order: 'desc' }, { column: 'term', order: 'asc' }])
      .limit(limit);
    return rows.map((row) => ({ term: String(row.term), searches: Number(row.searches), zero_searches: Number(row.zero_searches) }));
  }

  async zeroTerms(from: string, limit: number): Promise<Array<{ term: string; zero_searches: number }>> {
    const rows: Array<Record<string, unknown>> = await this.db('search_term_days')
      .where('day', '>=', from)
      .groupBy('term')
      .havingRaw('sum(zero_searches) > 0')
      .select('term')
      .sum({ zero_searches: 'zero_searches' })
      .orderBy([{ column: 'zero_searches', order: 'desc' }, { column: 'term', order: 'asc' }])
      .limit(limit);
    return rows.map((row) => ({ term: String(row.term), zero_searches: Number(row.zero_searches) }));
  }

  async totalSearches(from: string): Promise<number> {
    const row = await this.db('search_term_days').where('day', '>=', from).sum({ n: 'searches' }).first();
    return Number(row?.n ?? 0);
  }

  /** The most missed paths, each with its referring hosts ('' is no referrer), most first. */
  async topMissing(from: string, limit: number): Promise<Array<{ path: string; hits: number; referrers: Array<{ host: string; hits: number }> }>> {
    const paths: Array<Record<string, unknown>> = await this.db('missing_page_days')
      .where('day', '>=', from)
      .groupBy('path')
      .select('path')
      .sum({ hits: 'hits' })
      .orderBy([{ column: 'hits', order: 'desc' }, { column: 'path', order: 'asc' }])
      .limit(limit);
    if (paths.length === 0) return [];
    const hosts: Array<Record<string, unknown>> = await this.db('missing_page_days')
      .where('day', '>=', from)
      .whereIn('path', paths.map((row) => row.path as string))
      .groupBy('path', 'referrer_host')
      .select('path', 'referrer_host')
      .sum({ hits: 'hits' })
      .orderBy([{ column: 'hits', order: 'desc' }, { column: 'referrer_host', order: 'asc' }]);
    return paths.map((row) => ({
      path: String(row.path),
      hits: Number(row.hits),
      referrers: hosts.filter((h) => h.path === row.path).slice(0, 10).map((h) => ({ host: String(h.referrer_host), hits: Number(h.hits) })),
    }));
  }

  async totalMissing(from: string): Promise<number> {
    const row = await this.db('missing_page_days').where('day', '>=', from).sum({ n: 'hits' }).first();
    return Number(row?.n ?? 0);
  }

  /** Deletes the days before `keepFrom` (YYYY-MM-DD); answers how many rows went. */
  async prune(now: Date, retentionDays: number): Promise<number> {
    const from = await this.firstDay(now, retentionDays);
    const terms = await this.db('search_term_days').where('day', '<', from).delete();
    const missing = await this.db('missing_page_days').where('day', '<', from).delete();
    return terms + missing;
  }
}
