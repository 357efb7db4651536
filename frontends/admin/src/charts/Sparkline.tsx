import { formatCount } from './numbers-format';
import { usePointPicker } from './use-point-picker';
import styles from './charts.module.css';

interface SparklineProps {
  /** What the line is of (the article's title). */
  title: string;
  values: readonly number[];
  /** Each value's whole name (its Taipei date), in the same order. */
  labels: readonly string[];
  unit: string;
}

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 2;

/** A small line of a series beside a table row: its shape at a glance, the value under the pointer on hover or tap. */
export function Sparkline({ title, values, labels, unit }: SparklineProps) {
  const { picked, handlers } = usePointPicker(values.length, PAD, WIDTH - 2 * PAD, WIDTH);
  if (values.length === 0) return null;
  const top = Math.max(...values, 1);
  const x = (index: number) => PAD + (values.length > 1 ? (index / (values.length - 1)) * (WIDTH - 2 * PAD) : (WIDTH - 2 * PAD) / 2);
  const y = (value: number) => HEIGHT - PAD - (value / top) * (HEIGHT - 2 * PAD);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const peak = values.indexOf(Math.max(...values));
  const summary = `${title}的瀏覽趨勢：最高 ${labels[peak] ?? ''} ${formatCount(values[peak] ?? 0)} ${unit}`;
  const current = picked !== null ? `${labels[picked] ?? ''}：${formatCount(values[picked] ?? 0)} ${unit}` : null;
  return (
    <span className={styles.sparkWrap}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={summary} tabIndex={0} className={styles.spark} {...handlers}>
        <title>{current ?? summary}</title>
        <polyline points={points} className={styles.sparkLine} />
        {picked !== null && <circle cx={x(picked)} cy={y(values[picked] ?? 0)} r={2.5} className={styles.dot} />}
      </svg>
      <span aria-live="polite" className={styles.sparkValue}>{current ?? ''}</span>
    </span>
  );
}
