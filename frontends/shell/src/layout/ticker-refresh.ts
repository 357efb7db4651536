import { TICKER_HTML_PATH, TICKER_SLOT_ID } from '@coinmag/contracts/ticker-slot';

/** As often as the markets service refreshes its prices. */
export const TICKER_REFRESH_MS = 30_000;

/**
 * Keeps an open page's ticker current (docs/product.md, Market data): every 30 s while the page
 * is visible, and at once when it becomes visible again after that long, it asks the gateway for
 * the ticker as it draws it now and writes it into the slot. Nothing is fetched while the tab is
 * hidden. A slot the server left empty stays empty and a failed or empty answer changes nothing
 * (the ticker never blanks); the ticker has a fixed height, so a new one moves nothing.
 */
export function refreshTickerInPlace(doc: Document = document, fetchTicker: typeof fetch = (input, init) => fetch(input, init)): () => void {
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const slot = () => doc.getElementById(TICKER_SLOT_ID);
  const refresh = async () => {
    last = Date.now();
    const current = slot();
    if (!current?.querySelector('aside')) return;
    try {
      const res = await fetchTicker(TICKER_HTML_PATH, { headers: { accept: 'text/html' } });
      if (res.status !== 200) return;
      const html = (await res.text()).trim();
      // Only a ticker replaces a ticker; the slot may have been re-rendered meanwhile.
      if (!html.startsWith('<aside') || stopped) return;
      const now = slot();
      if (now && now.innerHTML.trim() !== html) now.innerHTML = html;
    } catch {
      // The last prices stay; the next round asks again.
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    if (stopped || doc.hidden) return;
    timer = setTimeout(() => {
      void refresh().finally(schedule);
    }, Math.max(0, last + TICKER_REFRESH_MS - Date.now()));
  };
  const onVisibility = () => schedule();
  doc.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
