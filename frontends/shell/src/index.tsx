import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, type BootData } from './App';
import { isAdminPath } from './ads/ad-paths';
import { rememberRemote } from './mf/loaded-remotes';
import { loadRemoteModule } from './mf/remotes';
import './global.css';

/** The data a server-rendered page was rendered with; null on a page the server did not render. */
function bootData(): BootData | null {
  const node = document.getElementById('coinmag-boot');
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as BootData;
  } catch {
    return null;
  }
}

const publicPage = !isAdminPath(window.location.pathname);
// Start fetching the page's remote at once.
const publicRemote = publicPage ? loadRemoteModule('public', './PublicApp') : null;
publicRemote?.catch(() => {});

/** Marks the page hydrated once React has committed it (what the e2e journeys wait for). */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const tree = (boot: BootData | null) => (
  <StrictMode>
    <BrowserRouter>
      <App boot={boot} />
    </BrowserRouter>
    <MarkHydrated />
  </StrictMode>
);

async function start(root: HTMLElement) {
  const boot = publicPage ? bootData() : null;
  if (boot && publicRemote) {
    try {
      // Hydrate with the remote in hand, so the first render is the server's HTML, not a spinner.
      rememberRemote('public', './PublicApp', await publicRemote);
      // As a transition, hydration yields to the browser every few milliseconds instead of one long
      // task (total blocking time); an input during it makes React finish hydrating at once.
      startTransition(() => {
        hydrateRoot(root, tree(boot), { onRecoverableError: (err) => console.warn('[shell] hydration recovered', err) });
      });
      return;
    } catch (err) {
      // The remote cannot load: render on the client, where the error boundary offers a retry.
      console.warn('[shell] public remote unavailable; rendering on the client', err);
    }
  }
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(tree(boot)));
}

const root = document.getElementById('root');
if (root) void start(root);
