import { formatTwd } from './price-format.js';

export interface ChartPoint {
  at: number;
  twd: number;
}

/** What a price chart draws: the line, the TWD axis's ticks, the time axis's labels, in SVG units. */
export interface ChartLayout {
  width: number;
  height: number;
  /** The SVG path of the line (M … L …); empty with fewer than two points. */
  path: string;
  yTicks: Array<{ y: number; label: string }>;
  xTicks: Array<{ x: number; label: string }>;
  direction: 'up' | 'down' | 'flat';
}

/** Room for the TWD labels on the left and the dates below (in viewBox units). */
export const CHART_PADDING = { left: 104, right: 10, top: 12, bottom: 30 };
const PAD = CHART_PADDING;

/** M/D in Taiwan time. */
function dayLabel(at: number): string {
  const taipei = new Date(at + 8 * 3_600_000);
  return `${taipei.getUTCMonth() + 1}/${taipei.getUTCDate()}`;
}

/** A round step near a fifth of `span` (1, 2 or 5 times a power of ten). */
function niceStep(span: number): number {
  const rough = span / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? rough;
}

/**
 * Lays out a price line on a `width`×`height` chart drawn on the server (the coin page's 7-day
 * and 90-day charts): TWD on the vertical axis at round steps, dates on the horizontal one.
 */
export function layoutPriceChart(points: ChartPoint[], width = 420, height = 240): ChartLayout {
  const empty: ChartLayout = { width, height, path: '', yTicks: [], xTicks: [], direction: 'flat' };
  if (points.length < 2) return empty;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const prices = points.map((point) => point.twd);
  let low = Math.min(...prices);
  let high = Math.max(...prices);
  if (high === low) {
    high += Math.max(high * 0.01, 1);
    low -= Math.max(low * 0.01, 1);
  }
  const step = niceStep(high - low);
  const bottom = Math.floor(low / step) * step;
  const top = Math.ceil(high / step) * step;
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = height - PAD.top - PAD.bottom;
  const x = (at: number) => PAD.left + ((at - first.at) / Math.max(last.at - first.at, 1)) * plotWidth;
  const y = (twd: number) => PAD.top + (1 - (twd - bottom) / (top - bottom)) * plotHeight;
  const path = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(point.at).toFixed(1)} ${y(point.twd).toFixed(1)}`).join(' ');
  const yTicks: ChartLayout['yTicks'] = [];
  for (let value = bottom; value <= top + step / 2; value += step) yTicks.push({ y: Number(y(value).toFixed(1)), label: formatTwd(value) });
  const xTicks = [0, 1, 2, 3].map((i) => {
    const at = first.at + ((last.at - first.at) * i) / 3;
    return { x: Number(x(at).toFixed(1)), label: dayLabel(at) };
  });
  const direction = last.twd > first.twd ? 'up' : last.twd < first.twd ? 'down' : 'flat';
  return { width, height, path, yTicks, xTicks, direction };
}
