import { pagerWindow } from '@coinmag/rules';
import styles from './components.module.css';

interface Props {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Previous, a window of 5 page numbers centred on the current page, next; nothing for a single page. */
export function Pager({ page, pages, onChange }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="分頁">
      <button type="button" className={styles.pageButton} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        上一頁
      </button>
      {pagerWindow(page, pages, 5).map((n) => (
        <button key={n} type="button" className={`${styles.pageButton} ${n === page ? styles.pageCurrent : ''}`} aria-current={n === page ? 'page' : undefined} onClick={() => onChange(n)}>
          {n}
        </button>
      ))}
      <button type="button" className={styles.pageButton} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        下一頁
      </button>
    </nav>
  );
}
