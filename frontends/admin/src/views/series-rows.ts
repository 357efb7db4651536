import type { ViewSeries } from '@coinmag/contracts';
import { bucketLabel, bucketTick } from '../charts/view-labels';
import type { LinePoint } from '../charts/LineChart';

/** A series as the line chart draws it and its table lists it: each bucket's Taipei name and views. */
export function linePoints(series: ViewSeries): LinePoint[] {
  return series.points.map((point) => ({ label: bucketLabel(series.granularity, point.at), tick: bucketTick(series.granularity, point.at), value: point.views }));
}

/** The time column's heading for a series' table and CSV. */
export function timeHeading(series: ViewSeries): string {
  return series.granularity === 'hour' ? '時段（台北時間）' : series.granularity === 'day' ? '日期（台北時間）' : '月份（台北時間）';
}
