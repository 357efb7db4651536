import type { MouseEvent } from 'react';
import type { TocEntry } from '@coinmag/contracts';
import { tocIndent } from './heading-ids';
import { island } from '@coinmag/frontend-shared/islands/island';
import styles from './article.module.css';

/** Sticky table of contents; entries scroll smoothly to their heading and are indented by level. */
export function TableOfContents({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    history.replaceState(history.state, '', `#${encodeURIComponent(id)}`);
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  return (
    <nav className={styles.toc} aria-labelledby="toc-title" data-testid="toc">
      <h2 id="toc-title" className={styles.tocTitle}>目錄</h2>
      <ol className={styles.tocList}>
        {entries.map((entry) => (
          <li key={entry.id} style={{ paddingLeft: `${tocIndent(entry.level) * 0.85}rem` }} data-level={entry.level}>
            <a href={`#${encodeURIComponent(entry.id)}`} onClick={(event) => go(event, entry.id)} className={styles.tocLink}>
              {entry.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Its links scroll smoothly: an island. */
export const TableOfContentsIsland = island('public:toc', TableOfContents, 'interaction');
