import styles from './components.module.css';

export function Spinner({ label = '載入內容中…' }: { label?: string }) {
  return (
    <div className={styles.spinnerBox} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
