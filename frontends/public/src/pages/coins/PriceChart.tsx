import { CHART_PADDING, layoutPriceChart } from '@coinmag/rules';
import type { PricePoint } from '@coinmag/contracts';
import styles from './coins.module.css';

/** A price line drawn on the server as SVG (no script), TWD on its vertical axis; it scales to the phone's width. */
export function PriceChart({ title, points }: { title: string; points: PricePoint[] }) {
  const chart = layoutPriceChart(points.map((point) => ({ at: Date.parse(point.at), twd: point.twd })));
  if (!chart.path) return <p className={styles.noChart}>{title}：尚無足夠的價格紀錄</p>;
  return (
    <figure className={styles.chart}>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-label={`${title}（新台幣）`} className={styles.chartSvg}>
        {chart.yTicks.map((tick) => (
          <g key={tick.label}>
            <line x1={CHART_PADDING.left} x2={chart.width - CHART_PADDING.right} y1={tick.y} y2={tick.y} className={styles.gridLine} />
            <text x={CHART_PADDING.left - 6} y={tick.y + 5} textAnchor="end" className={styles.axisLabel}>
              {tick.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((tick, i) => (
          <text key={i} x={tick.x} y={chart.height - 8} textAnchor={i === 0 ? 'start' : i === chart.xTicks.length - 1 ? 'end' : 'middle'} className={styles.axisLabel}>
            {tick.label}
          </text>
        ))}
        <path d={chart.path} className={styles[`line_${chart.direction}`]} fill="none" strokeWidth={2} />
      </svg>
    </figure>
  );
}
