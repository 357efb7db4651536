const TAIPEI = 'Asia/Taipei';

function partsInTaipei(value: string | Date) {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TAIPEI, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(date);
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
