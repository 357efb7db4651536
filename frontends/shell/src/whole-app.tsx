// The whole app, a chunk of its own: the back office, a page the server did not render, and every
// public page after the reader's first move (islands/take-over.ts). A server-rendered first page
// never loads it.
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, type BootData } from './App';
import { InPlaceLinks } from './islands/InPlaceLinks';

/** What the server-rendered page was rendered with, less the page's own state (the app is on another page by now). */
function bootData(): BootData | null {
  const node = document.getElementById('coinmag-boot');
  if (!node?.textContent) return null;
  try {
    return { ...(JSON.parse(node.textContent) as BootData), page: null };
  } catch {
    return null;
  }
}

/** Marks the page hydrated once React has committed it (what the e2e journeys wait for). */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Renders the app into `root` (replacing what is there) at the browser's current address. */
export function renderApp(root: HTMLElement): void {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <BrowserRouter>
          <App boot={bootData()} />
          <InPlaceLinks />
        </BrowserRouter>
        <MarkHydrated />
      </StrictMode>,
    ),
  );
}
