import { isAdFreePath, isAdminPath } from './ads/ad-paths';
import { injectAdNetwork } from './ads/inject-markup';
import { hydrateIslands } from './islands/hydrate-islands';
import { shellIslands } from './islands/shell-islands';
import { watchStaticImages } from './islands/static-images';
import { interceptLinks, takeOver, tookOver } from './islands/take-over';
import { loadRemoteModule } from './mf/remotes';
import { inlineSettings } from './settings/inline-settings';
import type { IslandRegistry } from '../../shared/src/islands/island';
import './global.css';

/**
 * A public page the server rendered stays the server's HTML: only its islands are hydrated, each
 * its own root (docs/adr/0011-islands.md). Anything else (the back office, a page the server could
 * not render) is the whole app, rendered in the browser.
 */
function start(root: HTMLElement) {
  const serverRendered = !isAdminPath(window.location.pathname) && Boolean(document.getElementById('coinmag-boot'));
  if (!serverRendered) {
    void import(/* webpackChunkName: "app" */ './whole-app').then((app) => app.renderApp(root));
    return;
  }
  interceptLinks(root);
  watchStaticImages(root, () => !tookOver());
  const settings = inlineSettings();
  if (settings?.google_adsense_id && !isAdFreePath(window.location.pathname)) injectAdNetwork(settings.google_adsense_id);
  const loaders = {
    shell: () => Promise.resolve(shellIslands),
    public: () => loadRemoteModule<{ islands: IslandRegistry }>('public', './islands').then((module) => module.islands),
  };
  hydrateIslands(root, loaders, () => {
    document.documentElement.dataset.hydrated = 'true';
  }).catch((err: unknown) => {
    // The public remote cannot load: the app renders the page, where its error boundary offers a retry.
    console.warn('[shell] public islands unavailable; rendering the app', err);
    void takeOver(root, window.location.href, true);
  });
}

const root = document.getElementById('root');
if (root) start(root);
