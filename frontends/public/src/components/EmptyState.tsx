import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './components.module.css';

export function EmptyState({ title, note, homeLink = false, children }: { title: string; note?: string; homeLink?: boolean; children?: ReactNode }) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      <p className={styles.emptyTitle}>{title}</p>
      {note && <p className={styles.emptyNote}>{note}</p>}
      {children}
      {homeLink && (
        <Link to="/" className={styles.button}>
          返回首頁
        </Link>
      )}
    </div>
  );
}
