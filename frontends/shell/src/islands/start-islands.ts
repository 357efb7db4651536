import type { IslandRegistry, IslandScripts } from '@coinmag/frontend-shared/islands/island';
import { findIslands, type FoundIsland } from './find-islands';
import { rememberIslandRoot } from './island-roots';

/** Where each scope's islands come from (`shell` from this bundle, `public` from the public remote). */
export interface IslandSources {
  components: Record<string, () => Promise<IslandRegistry>>;
  scripts: Record<string, () => Promise<IslandScripts>>;
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => (loading ??= load());
}

function from<T>(loaders: Record<string, () => Promise<T>>): (scope: string) => Promise<T> {
  const cached = new Map<string, () => Promise<T>>();
  return (scope) => {
    const load = loaders[scope];
    if (!load) return Promise.reject(new Error(`no islands are provided for the scope "${scope}"`));
    if (!cached.has(scope)) cached.set(scope, once(load));
    return cached.get(scope)!();
  };
}

/** Reaching for an island: pointer over it, a touch, focus in it (keyboard or tap). */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * Hydrates `element` when the reader first reaches for it, or when an image in it fails. A click before it is hydrated is held
 * and replayed on the same target once it is (a link to another page goes on as it would); when
 * it cannot be hydrated the held click is replayed anyway, and the page does what its HTML does.
 */
function hydrateOnInteraction(element: HTMLElement, hydrate: () => Promise<void>): void {
  let done = false;
  const start = once(() =>
    hydrate().then(
      () => {
        done = true;
      },
      (err: unknown) => {
        done = true;
        console.error('[islands] an island could not be hydrated', err);
      },
    ),
  );
  for (const type of INTENT_EVENTS) element.addEventListener(type, () => void start(), { once: true, passive: true });
  // An image of the island failing is the island's to handle (the logo's letter tile): now, or
  // before this ran (decode() rejects for an image that failed; an SVG may report no width when fine).
  element.addEventListener('error', (event) => event.target instanceof HTMLImageElement && void start(), { capture: true });
  for (const image of Array.from(element.querySelectorAll('img'))) if (image.complete) image.decode().catch(() => void start());
  element.addEventListener(
    'click',
    (event) => {
      if (done || !(event.target instanceof Element)) return;
      const target = event.target;
      const link = target.closest('a[href]');
      if (link && !link.getAttribute('href')?.startsWith('#')) {
        void start();
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      void start().then(() => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window })));
    },
    { capture: true },
  );
}

/**
 * Brings the islands under `container` to life (docs/adr/0011-islands.md): `load` islands hydrated
 * and `script` islands' scripts run at once, `interaction` islands hydrated when reached for. React
 * and the hydrating code are loaded only when an island is hydrated. Resolves once the `load` and
 * `script` islands are done; rejects when one of them cannot load (the caller renders the whole
 * app instead).
 */
export async function startIslands(container: ParentNode, sources: IslandSources): Promise<void> {
  const islands = findIslands(container).filter((found) => {
    if (!found.props) console.error(`[islands] the props of "${found.name}" are not JSON; it is left as the server wrote it`);
    return found.props !== null;
  });
  const hydrator = once(() => import(/* webpackChunkName: "hydrate" */ './hydrate-island'));
  const components = from(sources.components);
  const scripts = from(sources.scripts);

  const hydrate = async (found: FoundIsland, urgent: boolean) => {
    const [{ hydrateIsland }, registry] = await Promise.all([hydrator(), components(found.scope)]);
    const Component = registry[found.name];
    if (!Component) throw new Error(`the island "${found.name}" is not provided`);
    await hydrateIsland(found.element, found.name, Component, found.props!, urgent);
  };
  const run = async (found: FoundIsland) => {
    const script = (await scripts(found.scope))[found.name];
    if (!script) throw new Error(`the island script "${found.name}" is not provided`);
    const stop = script(found.element, found.props!);
    if (stop) rememberIslandRoot(stop);
  };

  for (const found of islands) if (found.hydrate === 'interaction') hydrateOnInteraction(found.element, () => hydrate(found, true));
  await Promise.all(islands.filter((found) => found.hydrate !== 'interaction').map((found) => (found.hydrate === 'script' ? run(found) : hydrate(found, false))));
}
