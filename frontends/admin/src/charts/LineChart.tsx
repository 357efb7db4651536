import { useId } from 'react';
import { formatCount } from './numbers-format';
import { usePointPicker } from './use-point-picker';
import styles from './charts.module.css';

export interface LinePoint {
  /** The point's whole name (a Taipei date and time), shown on hover, tap and focus. */
  label: string;
  /** Its short name under the axis. */
  tick: string;
  /** A point worth a tick when few enough are (a Taipei midnight in an hourly week). */
  major?: boolean;
  value: number;
}

interface LineChartProps {
  /** Names the chart for screen readers. */
  title: string;
  points: readonly LinePoint[];
  unit: string;
  /** A moment marked on the chart (the publication), at the point it falls in. */
  mark?: { index: number; label: string };
}

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 52;
const RIGHT = 12;
const TOP = 16;
const BOTTOM = 28;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;
const TICKS = 6;
const MAX_MAJOR_TICKS = 8;

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value)!;
}

/**
 * A line chart of a series drawn as SVG (docs/adr/0019-editor-numbers.md): scales with its box
 * (readable at 375 px), real text for the axes; the nearest point's name and number under the
 * chart on hover, on tap, and with ← → when focused. The same numbers are in a table beside it.
 */
export function LineChart({ title, points, unit, mark }: LineChartProps) {
  const titleId = useId();
  const { picked, handlers } = usePointPicker(points.length, LEFT, PLOT_W, WIDTH);
  if (points.length === 0) return null;
  const top = niceMax(Math.max(...points.map((p) => p.value)));
  const x = (index: number) => LEFT + (points.length > 1 ? (index / (points.length - 1)) * PLOT_W : PLOT_W / 2);
  const y = (value: number) => TOP + PLOT_H - (value / top) * PLOT_H;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${TOP + PLOT_H} L${x(0).toFixed(1)},${TOP + PLOT_H} Z`;
  const majors = points.filter((p) => p.major).length;
  const tickEvery = Math.max(1, Math.ceil(points.length / TICKS));
  const ticked = (p: LinePoint, i: number) => (majors >= 2 && majors <= MAX_MAJOR_TICKS ? p.major === true : i % tickEvery === 0);
  const current = picked !== null ? points[picked] : undefined;
  const total = points.reduce((sum, p) => sum + p.value, 0);
  return (
    <figure className={styles.figure}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        tabIndex={0}
        className={styles.chart}
        {...handlers}
      >
        <title id={titleId}>{`${title}（共 ${formatCount(total)} ${unit}，以方向鍵逐點查看）`}</title>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(top * share)} y2={y(top * share)} className={styles.grid} />
            <text x={LEFT - 6} y={y(top * share)} textAnchor="end" dominantBaseline="middle" className={styles.axis}>{formatCount(top * share)}</text>
          </g>
        ))}
        {points.map((p, i) => (ticked(p, i) ? (
          <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor="middle" className={styles.axis}>{p.tick}</text>
        ) : null))}
        <path d={area} className={styles.area} />
        <path d={line} className={styles.line} />
        {mark && mark.index >= 0 && mark.index < points.length && (
          <g data-mark="published" aria-label={mark.label}>
            <line x1={x(mark.index)} x2={x(mark.index)} y1={TOP} y2={TOP + PLOT_H} className={styles.mark} />
            <text x={x(mark.index) + 4} y={TOP + 10} className={styles.markText}>發布</text>
          </g>
        )}
        {current && (
          <g data-picked={picked}>
            <line x1={x(picked!)} x2={x(picked!)} y1={TOP} y2={TOP + PLOT_H} className={styles.cursor} />
            <circle cx={x(picked!)} cy={y(current.value)} r={4} className={styles.dot} />
          </g>
        )}
      </svg>
      <figcaption aria-live="polite" className={styles.caption}>
        {current ? `${current.label}：${formatCount(current.value)} ${unit}` : '滑過或點選圖表可看每個時段的數字'}
        {mark && <span className={styles.markNote}>　┆ {mark.label}</span>}
      </figcaption>
    </figure>
  );
}
