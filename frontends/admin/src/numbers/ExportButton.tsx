import styles from '../admin.module.css';
import { downloadCsv, toCsv } from '../charts/csv';

interface ExportButtonProps {
  fileName: string;
  header: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

/** 匯出 CSV: the table beside it, as shown. */
export function ExportButton({ fileName, header, rows }: ExportButtonProps) {
  return (
    <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} disabled={rows.length === 0} onClick={() => downloadCsv(fileName, toCsv(header, rows))}>
      匯出 CSV
    </button>
  );
}
