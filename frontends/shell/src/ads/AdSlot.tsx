import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { isAdFreePath } from './ad-paths';
import { injectMarkup } from './inject-markup';
import { isPlainMarkup } from './plain-markup';
import { island } from '../../../shared/src/islands/island';
import styles from './ads.module.css';

export type AdPlacement = 'header' | 'sidebar' | 'footer';

interface Props {
  markup: string | null | undefined;
  placement: AdPlacement;
  className?: string;
}

/**
 * Raw ad markup from the settings; nothing at all on an ad-free path. Plain markup (no script, every
 * element closed) is rendered as it is, so the server writes it into the page and hydration keeps
 * it; markup with scripts is injected in the browser, its scripts run with the page's CSP nonce.
 */
export function AdSlot({ markup, placement, className }: Props) {
  const { pathname } = useLocation();
  const hostRef = useRef<HTMLDivElement>(null);
  const show = Boolean(markup?.trim()) && !isAdFreePath(pathname);
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

/**
 * An ad slot on a public page: plain markup is the server's HTML and needs no script; markup with
 * scripts is an island; an empty slot or an ad-free path renders nothing and hydrates nothing.
 */
export function Ad(props: Props) {
  const { pathname } = useLocation();
  if (!props.markup?.trim() || isAdFreePath(pathname)) return null;
  return isPlainMarkup(props.markup) ? <AdSlot {...props} /> : <AdSlotIsland {...props} />;
}
