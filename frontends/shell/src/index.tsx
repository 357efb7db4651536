import { isAdFreePath, isAdminPath } from './ads/ad-paths';
import { injectAdNetwork } from './ads/inject-markup';
import { watchStaticImages } from './islands/static-images';
import { startIslands } from './islands/start-islands';
import { interceptLinks, takeOver, tookOver } from './islands/take-over';
import { loadRemoteModule } from './mf/remotes';
import { inlineSettings } from './settings/inline-settings';
import { refreshTickerInPlace } from './layout/ticker-refresh';
import type { IslandRegistry, IslandScripts } from '@coinmag/frontend-shared/islands/island';
import './global.css';
// The shell's server-rendered parts are styled from the first paint: their CSS is in main.css,
// which the gateway writes into the page, although their code loads later or never.
import './layout/layout.module.css';
import './ads/ads.module.css';
import './mf/remote.module.css';

/**
 * A public page the server rendered stays the server's HTML: only its islands come to life, each
 * its own root (docs/adr/0011-islands.md), and React is loaded only when one is hydrated; this
 * bundle imports none of it. Anything else (the back office, a page the server could not render)
 * is the whole app, rendered in the browser.
 */
function start(root: HTMLElement) {
  if (!isAdminPath(window.location.pathname)) refreshTickerInPlace();
  const serverRendered = !isAdminPath(window.location.pathname) && Boolean(document.getElementById('coinmag-boot'));
  if (!serverRendered) {
    void import(/* webpackChunkName: "app" */ './whole-app').then((app) => app.renderApp(root));
    return;
  }
  interceptLinks(root);
  watchStaticImages(root, () => !tookOver());
  const settings = inlineSettings();
  if (settings?.google_adsense_id && !isAdFreePath(window.location.pathname)) injectAdNetwork(settings.google_adsense_id);
  startIslands(root, {
    components: {
      shell: () => import(/* webpackChunkName: "shell-islands" */ './islands/shell-islands').then((module) => module.shellIslands),
      public: () => loadRemoteModule<{ islands: IslandRegistry }>('public', './islands').then((module) => module.islands),
    },
    scripts: {
      public: () => loadRemoteModule<{ islandScripts: IslandScripts }>('public', './island-scripts').then((module) => module.islandScripts),
    },
  }).then(
    () => {
      document.documentElement.dataset.hydrated = 'true';
    },
    (err: unknown) => {
      // The public remote cannot load: the app renders the page, where its error boundary offers a retry.
      console.warn('[shell] public islands unavailable; rendering the app', err);
      void takeOver(root, window.location.href, true);
    },
  );
}

const root = document.getElementById('root');
if (root) start(root);
