import type { NumbersPeriod } from '@coinmag/contracts';

/** The periods as the back office names them (Taipei calendar days, today included). */
export const PERIOD_LABELS: Record<NumbersPeriod, string> = {
  '1': '今天',
  '7': '最近 7 天',
  '30': '最近 30 天',
  '365': '最近 12 個月',
};
