import type { MouseEvent } from 'react';
import { pagerWindow } from '@coinmag/rules';
import { island } from '@coinmag/frontend-shared/islands/island';
import { requestNavigation } from '@coinmag/frontend-shared/islands/navigation';
import styles from './components.module.css';

interface Props {
  page: number;
  pages: number;
  /** The list's path: without JavaScript the buttons submit a GET form to it. */
  path: string;
  /** Other query parameters the list keeps (the search term). */
  params?: Record<string, string>;
  onChange: (page: number) => void;
}

/**
 * Previous, a window of 5 page numbers centred on the current page, next; nothing for a single
 * page. Each button submits `?page=n` to the list, so paging works before (or without) any
 * script; once the app runs it moves in place instead.
 */
export function Pager({ page, pages, path, params = {}, onChange }: Props) {
  if (pages <= 1) return null;
  const go = (n: number) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    onChange(n);
  };
  return (
    <form method="get" action={path}>
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <nav className={styles.pager} aria-label="分頁">
        <button type="submit" name="page" value={page - 1} className={styles.pageButton} disabled={page <= 1} onClick={go(page - 1)}>
          上一頁
        </button>
        {pagerWindow(page, pages, 5).map((n) => (
          <button key={n} type="submit" name="page" value={n} className={`${styles.pageButton} ${n === page ? styles.pageCurrent : ''}`} aria-current={n === page ? 'page' : undefined} onClick={go(n)}>
            {n}
          </button>
        ))}
        <button type="submit" name="page" value={page + 1} className={styles.pageButton} disabled={page >= pages} onClick={go(page + 1)}>
          下一頁
        </button>
      </nav>
    </form>
  );
}

/** A list's pager that moves to `path` with `?page=n` (and the list's other parameters), scrolled to the top. */
function ListPager({ page, pages, path, params = {} }: Omit<Props, 'onChange'>) {
  const goTo = (next: number) => {
    const query = new URLSearchParams(next > 1 ? { ...params, page: String(next) } : params).toString();
    requestNavigation(query ? `${path}?${query}` : path);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return <Pager page={page} pages={pages} path={path} params={params} onChange={goTo} />;
}

/** The pager of every list: an island. */
export const PagerIsland = island('public:pager', ListPager, 'interaction');
