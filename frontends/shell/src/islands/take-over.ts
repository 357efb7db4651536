import { pageRoute } from '@coinmag/rules';
import { NAVIGATE_EVENT, RETRY_ATTRIBUTE } from '@coinmag/frontend-shared/islands/navigation';
import { isAdminPath } from '../ads/ad-paths';
import { rememberRemote } from '../mf/loaded-remotes';
import { loadRemoteModule } from '../mf/remotes';
import { unmountIslands } from './island-roots';

let taking: Promise<void> | null = null;

/** Whether the whole app has taken the page over (links then navigate through its router). */
export function tookOver(): boolean {
  return taking !== null;
}

/**
 * The first move to another public page: the whole app (shell App and the public remote's
 * PublicApp) is loaded, the islands unmounted, and the app renders `href` in the browser, as it
 * renders every page after that (client navigation, measured in docs/adr/0011-islands.md).
 * `replace` keeps the history entry (the islands could not load: the app renders this page).
 */
let preparing: Promise<typeof import('../whole-app')> | null = null;

/** Loads the whole app and the public remote's PublicApp without rendering (a move is likely). */
function prepare(): Promise<typeof import('../whole-app')> {
  preparing ??= Promise.all([
    import(/* webpackChunkName: "app" */ '../whole-app'),
    loadRemoteModule('public', './PublicApp').then(
      (module) => rememberRemote('public', './PublicApp', module),
      () => {
        // The app's route shows the error and its retry.
      },
    ),
  ]).then(([app]) => app);
  preparing.catch(() => {
    preparing = null;
  });
  return preparing;
}

export function takeOver(root: HTMLElement, href: string, replace = false): Promise<void> {
  taking ??= (async () => {
    try {
      const app = await prepare();
      unmountIslands();
      window.history[replace ? 'replaceState' : 'pushState'](null, '', href);
      if (!window.location.hash) window.scrollTo(0, 0);
      app.renderApp(root);
    } catch (err) {
      // The app's own chunk did not load: the gateway serves the page whole.
      console.warn('[shell] the app could not load; loading the page', err);
      window.location.assign(href);
    }
  })();
  return taking;
}

/**
 * The address a click moves to in place: a plain left click on a link to another public page of
 * this site. null for anything the browser should do itself (new tab, download, another
 * origin, the back office, a #fragment of this page, a file).
 */
export function inPlaceTarget(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || isAdminPath(url.pathname) || pageRoute(url.pathname).page === 'unknown') return null;
  if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

/**
 * Until the app takes over, a click on a link to another public page, or an island's request to
 * move (a pager), takes over instead of loading the page; so does a retry button's press, for
 * this page (the app reads its data again).
 */
export function interceptLinks(root: HTMLElement): void {
  // A reader reaching for a link to another page (pointer over it, a touch, focus) is likely to
  // follow it: the app is loaded then, not with the page (measured in docs/adr/0011-islands.md).
  const reaching = (event: Event) => {
    if (tookOver() || !(event.target instanceof Element)) return;
    const anchor = event.target.closest<HTMLAnchorElement>('a[href]');
    if (!anchor) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin === window.location.origin && !isAdminPath(url.pathname) && pageRoute(url.pathname).page !== 'unknown') void prepare().catch(() => {});
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, reaching, { passive: true });
  document.addEventListener('click', (event) => {
    if (tookOver()) return;
    if (event.target instanceof Element && event.target.closest(`[${RETRY_ATTRIBUTE}]`)) {
      void takeOver(root, window.location.pathname + window.location.search + window.location.hash, true);
      return;
    }
    const url = inPlaceTarget(event);
    if (!url) return;
    event.preventDefault();
    void takeOver(root, url.pathname + url.search + url.hash);
  });
  document.addEventListener(NAVIGATE_EVENT, (event) => {
    if (!tookOver()) void takeOver(root, (event as CustomEvent<string>).detail);
  });
  // History moved to another address (a script's pushState and back) while no router runs: the
  // page shown is not that address's, so the gateway's page for it is loaded (a #fragment is not a move).
  const shown = window.location.pathname + window.location.search;
  window.addEventListener('popstate', () => {
    if (!tookOver() && window.location.pathname + window.location.search !== shown) window.location.reload();
  });
}
