import styles from '../charts/charts.module.css';

/** Marks figures the demo seed made up. */
export function DemoBadge({ demo }: { demo: boolean }) {
  return demo ? <span className={styles.demo} title="這些數字含示範資料：安裝時產生的虛構瀏覽紀錄，不是真實讀者">示範資料</span> : null;
}
