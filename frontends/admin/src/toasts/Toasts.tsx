import styles from '../admin.module.css';
import { useToasts } from './toast-store';

const KIND_CLASS = { success: styles.toastSuccess, error: styles.toastError, info: '' } as const;

export function Toasts() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <ul className={styles.toasts} aria-live="polite" aria-label="通知">
      {toasts.map((toast) => (
        <li key={toast.id} className={`${styles.toast} ${KIND_CLASS[toast.kind]}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-kind={toast.kind}>
          <span>{toast.message}</span>
          <button type="button" className={styles.toastClose} onClick={() => dismiss(toast.id)} aria-label="關閉通知">
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
