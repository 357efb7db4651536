import type { ViewSeries } from '@coinmag/contracts';
import { LineChart } from '../charts/LineChart';
import { formatCount } from '../charts/numbers-format';
import adminStyles from '../admin.module.css';
import { ExportButton } from '../numbers/ExportButton';
import { linePoints, timeHeading } from './series-rows';

interface ViewsTrendProps {
  title: string;
  series: ViewSeries;
  fileName: string;
  mark?: { index: number; label: string };
}

/** A series as a line chart, the same numbers in a table for screen readers, and 匯出 CSV of them. */
export function ViewsTrend({ title, series, fileName, mark }: ViewsTrendProps) {
  const points = linePoints(series);
  const heading = timeHeading(series);
  return (
    <>
      <LineChart title={title} points={points} unit="次" mark={mark} />
      <div className={adminStyles.actions}>
        <ExportButton fileName={fileName} header={[heading, '瀏覽數']} rows={points.map((p) => [p.label, p.value])} />
      </div>
      <table className={adminStyles.visuallyHidden} aria-label={`${title}（表格）`}>
        <thead><tr><th scope="col">{heading}</th><th scope="col">瀏覽數</th></tr></thead>
        <tbody>{points.map((p) => <tr key={p.label}><td>{p.label}</td><td>{formatCount(p.value)}</td></tr>)}</tbody>
      </table>
    </>
  );
}
