import styles from '../admin.module.css';

export function Spinner({ label = '載入中…' }: { label?: string }) {
  return (
    <div className={styles.spinner} role="status" aria-live="polite">
      <span className={styles.spinnerDot} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
