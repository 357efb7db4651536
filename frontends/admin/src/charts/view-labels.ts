import type { ViewDevice, ViewGranularity, ViewPeriod, ViewSourceKind } from '@coinmag/contracts';

/** The dashboard's period tabs. */
export const VIEW_PERIOD_LABELS: Record<ViewPeriod, string> = { '24h': '24 小時', '7d': '7 天', '30d': '30 天', '12m': '12 個月' };
export const SOURCE_KIND_LABELS: Record<ViewSourceKind, string> = { search: '搜尋引擎', social: '社群', direct: '直接', site: '其他網站' };
export const DEVICE_LABELS: Record<ViewDevice, string> = { phone: '手機', tablet: '平板', desktop: '電腦' };

const HOUR = 3_600_000;
/** Taiwan keeps UTC+8 all year: a bucket's Taipei wall time is its instant plus eight hours. */
const TAIPEI_OFFSET = 8 * HOUR;
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const pad = (n: number) => String(n).padStart(2, '0');

/** A bucket's Taipei calendar parts, from the API's `at` (an ISO hour, YYYY-MM-DD or YYYY-MM). */
function parts(granularity: ViewGranularity, at: string) {
  const local = granularity === 'hour' ? new Date(new Date(at).getTime() + TAIPEI_OFFSET) : new Date(`${granularity === 'month' ? `${at}-01` : at}T00:00:00Z`);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), hour: local.getUTCHours(), weekday: WEEKDAYS[local.getUTCDay()]! };
}

/** The whole name of a bucket, in Taipei time: 2026年11月27日（五） 14:00, 2026年11月27日（五）, 2026年11月. */
export function bucketLabel(granularity: ViewGranularity, at: string): string {
  const p = parts(granularity, at);
  if (granularity === 'month') return `${p.year}年${p.month}月`;
  const date = `${p.year}年${p.month}月${p.day}日（${p.weekday}）`;
  return granularity === 'day' ? date : `${date} ${pad(p.hour)}:00`;
}

/** A bucket's short name on an axis: 14:00 (or 11/27 at midnight), 11/27, 2026/11. */
export function bucketTick(granularity: ViewGranularity, at: string): string {
  const p = parts(granularity, at);
  if (granularity === 'month') return `${p.year}/${pad(p.month)}`;
  if (granularity === 'hour' && p.hour !== 0) return `${pad(p.hour)}:00`;
  return `${p.month}/${p.day}`;
}

/** The bucket a moment falls in, by the series' own names (to mark a publication on its chart). */
export function bucketIndexOf(granularity: ViewGranularity, ats: readonly string[], moment: string): number {
  const local = new Date(new Date(moment).getTime() + TAIPEI_OFFSET).toISOString();
  const name = granularity === 'hour' ? new Date(Math.floor(new Date(moment).getTime() / HOUR) * HOUR).toISOString() : granularity === 'day' ? local.slice(0, 10) : local.slice(0, 7);
  return ats.indexOf(name);
}

/** A share as the back office writes it: 42.5%. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '0.0%';
}
