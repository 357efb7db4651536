import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { isAdFreePath } from './ad-paths';
import { injectMarkup } from './inject-markup';
import styles from './ads.module.css';

export type AdPlacement = 'header' | 'sidebar' | 'footer';

interface Props {
  markup: string | null | undefined;
  placement: AdPlacement;
  className?: string;
}

/** Raw ad markup from the settings, scripts executed; nothing at all on an ad-free path. */
export function AdSlot({ markup, placement, className }: Props) {
  const { pathname } = useLocation();
  const hostRef = useRef<HTMLDivElement>(null);
  const show = Boolean(markup?.trim()) && !isAdFreePath(pathname);

  useEffect(() => {
    const host = hostRef.current;
    if (!show || !host || !markup) return;
    try {
      injectMarkup(host, markup);
    } catch (err) {
      console.error('[ads] injecting failed', err);
    }
    return () => {
      host.innerHTML = '';
    };
  }, [show, markup]);

  if (!show) return null;
  return (
    <aside className={`${styles.slot} ${styles[placement] ?? ''} ${className ?? ''}`} aria-label="廣告" data-ad-slot={placement}>
      <span className={styles.label}>廣告</span>
      <div ref={hostRef} className={styles.host} />
    </aside>
  );
}
