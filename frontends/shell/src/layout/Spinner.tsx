import styles from './layout.module.css';

export function Spinner({ label }: { label: string }) {
  return (
    <div className={styles.spinnerBox} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
