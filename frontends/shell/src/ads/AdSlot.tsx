import { useEffect, useRef } from 'react';
import { injectMarkup } from './inject-markup';
import { isPlainMarkup } from './plain-markup';
import { island } from '@coinmag/frontend-shared/islands/island';
import { useSettings } from '../settings/settings-store';
import styles from './ads.module.css';

export type AdPlacement = 'header' | 'sidebar' | 'footer';

export interface AdSlotProps {
  markup: string | null | undefined;
  placement: AdPlacement;
  className?: string;
}

/**
 * Where markup with scripts is injected, in the browser (its scripts run with the page's CSP
 * nonce). It reads the markup from the settings the page carries: the markup is never written
 * into the page, not even as the island's props.
 */
function AdHost({ placement, className }: { placement: AdPlacement; className: string }) {
  const markup = useSettings((state) => state.settings)?.[`${placement}_ad_script`] ?? '';
  const hostRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !markup.trim()) return;
    try {
      injectMarkup(host, markup);
    } catch (err) {
      console.error('[ads] injecting failed', err);
    }
    return () => {
      host.innerHTML = '';
    };
  }, [markup]);
  return <div ref={hostRef} className={className} />;
}

/** Markup with scripts needs the browser: an island. */
export const AdHostIsland = island('shell:ad', AdHost);

/**
 * Raw ad markup from the settings (the caller leaves it out on an ad-free path: Ad.tsx). Plain
 * markup (no script, every element closed) is rendered as it is, so the server writes it into the
 * page and it needs no script; markup with scripts is injected by an island.
 */
export function AdSlot({ markup, placement, className }: AdSlotProps) {
  if (!markup?.trim()) return null;
  return (
    <aside className={`${styles.slot} ${styles[placement] ?? ''} ${className ?? ''}`} aria-label="廣告" data-ad-slot={placement}>
      <span className={styles.label}>廣告</span>
      {isPlainMarkup(markup) ? (
        <div className={styles.host} data-ad-markup="plain" dangerouslySetInnerHTML={{ __html: markup }} />
      ) : (
        <AdHostIsland placement={placement} className={styles.host ?? ''} />
      )}
    </aside>
  );
}

