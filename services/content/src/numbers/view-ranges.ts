import type { ViewGranularity, ViewPeriod } from '@coinmag/contracts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Taiwan keeps UTC+8 all year (no daylight saving): a Taipei hour, day or month starts at a fixed offset. */
const TAIPEI_OFFSET = 8 * HOUR;

/** A run of whole buckets: from the first bucket's first instant up to (not including) `to`. */
export interface BucketRange {
  granularity: ViewGranularity;
  from: Date;
  to: Date;
}

const startOfHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR);
const startOfTaipeiDay = (at: Date) => new Date(Math.floor((at.getTime() + TAIPEI_OFFSET) / DAY) * DAY - TAIPEI_OFFSET);
function startOfTaipeiMonth(at: Date, monthsLater = 0): Date {
  const local = new Date(at.getTime() + TAIPEI_OFFSET);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + monthsLater, 1) - TAIPEI_OFFSET);
}

/** The buckets of a dashboard period ending with the one `now` falls in (today, this hour, this month included). */
export function periodRange(period: ViewPeriod, now: Date): BucketRange {
  switch (period) {
    case '24h':
    case '7d': {
      const hours = period === '24h' ? 24 : 7 * 24;
      const last = startOfHour(now).getTime();
      return { granularity: 'hour', from: new Date(last - (hours - 1) * HOUR), to: new Date(last + HOUR) };
    }
    case '30d': {
      const today = startOfTaipeiDay(now).getTime();
      return { granularity: 'day', from: new Date(today - 29 * DAY), to: new Date(today + DAY) };
    }
    case '12m':
      return { granularity: 'month', from: startOfTaipeiMonth(now, -11), to: startOfTaipeiMonth(now, 1) };
  }
}

/** Hourly while the article is at most 7 days old. */
const HOURLY_UP_TO = 7 * DAY;
/** Daily up to 400 days, monthly beyond (a line of at most ~400 points). */
const DAILY_UP_TO = 400 * DAY;

/** An article's buckets from the one its start falls in to the one `now` falls in. */
export function sinceRange(start: Date, now: Date): BucketRange {
  const from = start.getTime() > now.getTime() ? now : start;
  const age = now.getTime() - from.getTime();
  if (age <= HOURLY_UP_TO) return { granularity: 'hour', from: startOfHour(from), to: new Date(startOfHour(now).getTime() + HOUR) };
  if (age <= DAILY_UP_TO) return { granularity: 'day', from: startOfTaipeiDay(from), to: new Date(startOfTaipeiDay(now).getTime() + DAY) };
  return { granularity: 'month', from: startOfTaipeiMonth(from), to: startOfTaipeiMonth(now, 1) };
}

/** The name of the bucket a moment falls in: an ISO hour, a Taipei YYYY-MM-DD or YYYY-MM (the API's `at`). */
export function bucketName(granularity: ViewGranularity, at: Date): string {
  if (granularity === 'hour') return startOfHour(at).toISOString();
  const local = new Date(at.getTime() + TAIPEI_OFFSET).toISOString();
  return granularity === 'day' ? local.slice(0, 10) : local.slice(0, 7);
}

/** Every bucket's name in the range, in order: the zero-filled skeleton of a series. */
export function bucketNames(range: BucketRange): string[] {
  const names: string[] = [];
  let at = range.from;
  while (at < range.to) {
    names.push(bucketName(range.granularity, at));
    at = range.granularity === 'hour' ? new Date(at.getTime() + HOUR)
      : range.granularity === 'day' ? new Date(at.getTime() + DAY)
      : startOfTaipeiMonth(at, 1);
  }
  return names;
}
