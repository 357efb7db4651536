import {
  normaliseMissingPath,
  normaliseSearchTerm,
  type MissingPageNumbers,
  type NumbersQuery,
  type ReaderNumbersBatch,
  type SearchNumbers,
} from '@coinmag/contracts';
import type { MissingCount, ReaderNumbersRepository, TermCount } from './reader-numbers.repository.js';

/** Whether a term finds any public article now (the public search's own rule). */
export type FindsAny = (term: string) => Promise<boolean>;

/** A term's answer is asked again after this long: a hand-over costs one search per new term, not per search. */
const FOUND_MEMO_MS = 60_000;
const FOUND_MEMO_MAX = 5_000;

/**
 * The editor's numbers: what readers searched for (and found nothing for), and which public
 * pages they asked for that do not exist. The gateway hands its tallies over; they are added
 * by Taipei day and read back per period.
 */
export class ReaderNumbersService {
  private readonly found = new Map<string, { any: boolean; at: number }>();

  constructor(
    private readonly repository: ReaderNumbersRepository,
    private readonly findsAny: FindsAny,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Adds a gateway's tally; terms and paths are normalised again here (the gateway's word is not the rule). */
  async add(batch: ReaderNumbersBatch): Promise<{ terms: number; paths: number }> {
    const terms = new Map<string, number>();
    for (const { term, count } of batch.searches) {
      const key = normaliseSearchTerm(term);
      if (key) terms.set(key, (terms.get(key) ?? 0) + count);
    }
    const missing = new Map<string, MissingCount>();
    for (const { path, referrer_host, count } of batch.missing) {
      const normal = normaliseMissingPath(path);
      const host = referrer_host.toLowerCase();
      const key = `${normal}\n${host}`;
      const row = missing.get(key) ?? { path: normal, referrerHost: host, hits: 0 };
      row.hits += count;
      missing.set(key, row);
    }
    const counted: TermCount[] = [];
    for (const [term, searches] of terms) counted.push({ term, searches, zeroSearches: (await this.findsAnyNow(term)) ? 0 : searches });
    await this.repository.add(this.clock(), counted, [...missing.values()]);
    return { terms: counted.length, paths: missing.size };
  }

  async searches(query: NumbersQuery): Promise<SearchNumbers> {
    const from = await this.repository.firstDay(this.clock(), Number(query.period));
    const [top, zero, total] = await Promise.all([this.repository.topTerms(from, query.limit), this.repository.zeroTerms(from, query.limit), this.repository.totalSearches(from)]);
    return { period: query.period, from, total, top, zero };
  }

  async missing(query: NumbersQuery): Promise<MissingPageNumbers> {
    const from = await this.repository.firstDay(this.clock(), Number(query.period));
    const [paths, total] = await Promise.all([this.repository.topMissing(from, query.limit), this.repository.totalMissing(from)]);
    return { period: query.period, from, total, paths };
  }

  /** Drops the days older than the retention (READER_NUMBERS_RETENTION_DAYS). */
  prune(retentionDays: number): Promise<number> {
    return this.repository.prune(this.clock(), retentionDays);
  }

  private async findsAnyNow(term: string): Promise<boolean> {
    const now = Date.now();
    const memo = this.found.get(term);
    if (memo && now - memo.at < FOUND_MEMO_MS) return memo.any;
    const any = await this.findsAny(term);
    if (this.found.size >= FOUND_MEMO_MAX) this.found.clear();
    this.found.set(term, { any, at: now });
    return any;
  }
}
