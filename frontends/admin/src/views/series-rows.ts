import type { ViewSeries } from '@coinmag/contracts';
import { bucketLabel, bucketTick } from '../charts/view-labels';
import type { LinePoint } from '../charts/LineChart';

/** A series as the line chart draws it and its table lists it: each bucket's Taipei name and views. */
export function linePoints(series: ViewSeries): LinePoint[] {
  return series.points.map((point) => {
    const tick = bucketTick(series.granularity, point.at);
    // An hourly tick without a colon is a Taipei midnight (its date).
    return { label: bucketLabel(series.granularity, point.at), tick, value: point.views, major: series.granularity === 'hour' && !tick.includes(':') };
  });
}

/** The time column's heading for a series' table and CSV. */
export function timeHeading(series: ViewSeries): string {
  return series.granularity === 'hour' ? '時段（台北時間）' : series.granularity === 'day' ? '日期（台北時間）' : '月份（台北時間）';
}
