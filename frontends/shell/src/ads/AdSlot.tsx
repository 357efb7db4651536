import { useEffect, useRef } from 'react';
import { injectMarkup } from './inject-markup';
import { isPlainMarkup } from './plain-markup';
import { island } from '../../../shared/src/islands/island';
import styles from './ads.module.css';

export type AdPlacement = 'header' | 'sidebar' | 'footer';

export interface AdSlotProps {
  markup: string | null | undefined;
  placement: AdPlacement;
  className?: string;
}

/**
 * Raw ad markup from the settings (the caller leaves it out on an ad-free path: Ad.tsx). Plain markup (no script, every
 * element closed) is rendered as it is, so the server writes it into the page and hydration keeps
 * it; markup with scripts is injected in the browser, its scripts run with the page's CSP nonce.
 */
export function AdSlot({ markup, placement, className }: AdSlotProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const show = Boolean(markup?.trim());
  const plain = isPlainMarkup(markup);

  useEffect(() => {
    const host = hostRef.current;
    if (!show || plain || !host || !markup) return;
    try {
      injectMarkup(host, markup);
    } catch (err) {
      console.error('[ads] injecting failed', err);
    }
    return () => {
      host.innerHTML = '';
    };
  }, [show, plain, markup]);

  if (!show) return null;
  return (
    <aside className={`${styles.slot} ${styles[placement] ?? ''} ${className ?? ''}`} aria-label="廣告" data-ad-slot={placement}>
      <span className={styles.label}>廣告</span>
      {plain ? (
        <div className={styles.host} data-ad-markup="plain" dangerouslySetInnerHTML={{ __html: markup }} />
      ) : (
        <div ref={hostRef} className={styles.host} />
      )}
    </aside>
  );
}

/** Markup with scripts is injected in the browser: an island. */
export const AdSlotIsland = island('shell:ad', AdSlot);
