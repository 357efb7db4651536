const TAIPEI = 'Asia/Taipei';

/** Made once: building an Intl.DateTimeFormat costs far more than formatting (a page formats dozens of dates while it hydrates). */
let taipeiFormat: Intl.DateTimeFormat | null = null;

function partsInTaipei(value: string | Date) {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  taipeiFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TAIPEI, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
  const parts = taipeiFormat.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Long Traditional Chinese date in Taipei time: 2024年3月5日. Empty for a missing or bad date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const p = partsInTaipei(value);
  return p ? `${p.year}年${p.month}月${p.day}日` : '';
}

/** Long date with time: 2024年3月5日 14:05. */
export function formatLongDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const p = partsInTaipei(value);
  if (!p) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}年${p.month}月${p.day}日 ${pad(p.hour)}:${pad(p.minute)}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TAIPEI_OFFSET_MS = 8 * 3_600_000;

/**
 * RFC 822 date (as RSS 2.0 wants) in Taipei time: Tue, 05 Mar 2024 09:00:00 +0800.
 * Taiwan keeps UTC+8 all year (no daylight saving), so a fixed offset is exact.
 */
export function formatRfc822Taipei(value: string | Date): string {
  const date = new Date(new Date(value).getTime() + TAIPEI_OFFSET_MS);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0800`;
}

/** W3C datetime in Taipei time with its zone, as news sitemaps want: 2024-03-05T09:00:00+08:00. */
export function formatW3cTaipei(value: string | Date): string {
  const date = new Date(new Date(value).getTime() + TAIPEI_OFFSET_MS);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.toISOString().slice(0, 19)}+08:00`;
}
