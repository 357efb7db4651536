import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import styles from '../admin.module.css';
import dialogStyles from './dialog.module.css';

interface Props {
  title: string;
  label: string;
  placeholder?: string;
  initialValue?: string;
  confirmLabel?: string;
  /** Extra field (e.g. alternative text); omitted when not given. */
  secondaryLabel?: string;
  /** Returns an error to show, or null when the value was accepted. */
  onConfirm: (value: string, secondary: string) => string | null;
  onClose: () => void;
}

/** A small modal asking for one address (link target, fallback image URL). */
export function UrlDialog({ title, label, placeholder, initialValue = '', confirmLabel = '確定', secondaryLabel, onConfirm, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [value, setValue] = useState(initialValue);
  const [secondary, setSecondary] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const problem = onConfirm(value.trim(), secondary.trim());
    if (problem) setError(problem);
    else onClose();
  };

  // Portalled so its form is never nested in the article form's DOM.
  return createPortal(
    <dialog ref={ref} className={dialogStyles.dialog} aria-labelledby={`${id}-title`} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <form className={styles.form} onSubmit={submit}>
        <h2 id={`${id}-title`} className={dialogStyles.title}>{title}</h2>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-url`}>{label}</label>
          <input id={`${id}-url`} className={styles.input} type="text" inputMode="url" value={value} placeholder={placeholder} autoFocus
            aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => { setValue(event.target.value); setError(null); }} />
        </div>
        {secondaryLabel && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-secondary`}>{secondaryLabel}</label>
            <input id={`${id}-secondary`} className={styles.input} type="text" value={secondary} onChange={(event) => setSecondary(event.target.value)} />
          </div>
        )}
        {error && <p id={`${id}-error`} className={styles.fieldError} role="alert">{error}</p>}
        <div className={styles.actions}>
          <button type="submit" className={styles.button}>{confirmLabel}</button>
          <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} onClick={onClose}>取消</button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
