import { useEffect, useId, useState } from 'react';
import type { RedirectTargets } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { asApiError, isAbort } from '../api/http';
import { redirectsApi } from '../api/redirects-api';
import { shownPath } from './shown-path';

const SEARCH_DELAY_MS = 250;
export type RedirectTarget = RedirectTargets['targets'][number];

export const TARGET_KIND_LABELS: Record<RedirectTarget['kind'], string> = { article: '文章', category: '分類', tag: '標籤' };

/** Finds what a redirect may point at (articles, categories, tags by name or slug); one click picks it. */
export function TargetPicker({ onPick, busy }: { onPick: (target: RedirectTarget) => void; busy: boolean }) {
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<RedirectTarget[] | null>(null);
  const [error, setError] = useState('');
  const inputId = useId();

  useEffect(() => {
    const query = term.trim();
    if (!query) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      redirectsApi.targets(query, controller.signal).then(
        (found) => {
          setResults(found.targets);
          setError('');
        },
        (err: unknown) => {
          if (!isAbort(err)) setError(asApiError(err, '搜尋失敗').message);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>轉址到（搜尋文章、分類或標籤）</label>
      <input id={inputId} className={styles.input} type="search" value={term} maxLength={100} autoFocus placeholder="輸入標題、名稱或網址代稱" onChange={(event) => setTerm(event.target.value)} />
      {error && <p className={styles.fieldError} role="alert">{error}</p>}
      {results && results.length === 0 && <p className={styles.hint}>找不到符合的文章、分類或標籤</p>}
      {results && results.length > 0 && (
        <ul aria-label="轉址目標" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
          {results.map((target) => (
            <li key={`${target.kind}-${target.id ?? target.key}`} style={{ display: 'flex', gap: 8, alignItems: 'center', justifyContent: 'space-between' }}>
              <span><span className={styles.badge}>{TARGET_KIND_LABELS[target.kind]}</span> {target.label} <code className={styles.muted}>{shownPath(target.path)}</code></span>
              <button type="button" className={`${styles.button} ${styles.buttonSmall}`} disabled={busy} aria-label={`轉址到「${target.label}」`} onClick={() => onPick(target)}>
                轉址到這裡
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The redirect input for a path and a picked target. */
export function redirectInput(fromPath: string, target: RedirectTarget) {
  return target.kind === 'tag'
    ? { from_path: fromPath, target_kind: target.kind, target_key: target.key! }
    : { from_path: fromPath, target_kind: target.kind, target_id: target.id! };
}
