import { POPULAR_WINDOW_DAYS, popularDay } from './keys.js';
import type { RankingStore } from './view-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Yesterday's views count 85% of today's, the day before 72%, and so on. */
const DAILY_DECAY = 0.85;

/** Recent views in a sorted set per day (`popularDay`); the ranking is their decayed sum over the last week. */
export class PopularRanking {
  constructor(
    private readonly store: RankingStore,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async record(articleId: number): Promise<void> {
    const { key, ttlMs } = this.today();
    await this.store.zincrbyExpiring(key, 1, String(articleId), ttlMs);
  }

  /** Where a view is ranked today (the beacon's script ranks it in its own round trip). */
  today(): { key: string; ttlMs: number } {
    return popularDay(this.clock().getTime());
  }

  /** Article ids by decayed recent views, highest first. */
  async top(count: number): Promise<number[]> {
    const now = this.clock().getTime();
    const keys = Array.from({ length: POPULAR_WINDOW_DAYS }, (_, day) => popularDay(now - day * DAY_MS).key);
    const weights = keys.map((_, day) => DAILY_DECAY ** day);
    const ranked = await this.store.zunionTop(keys, weights, count);
    return ranked.map((entry) => Number(entry.member)).filter((id) => Number.isInteger(id) && id > 0);
  }
}
