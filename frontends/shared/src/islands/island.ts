import { createElement, type ComponentType, type ReactElement } from 'react';
import { ISLAND_HYDRATE_ATTRIBUTE, ISLAND_NAME_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_TAG, type IslandHydration } from './island-markup';

/**
 * Islands: the parts of a server-rendered public page a reader can touch (docs/adr/0011-islands.md).
 * The server renders the whole page; the browser hydrates only each island, as its own small React
 * root, from the props written beside its HTML.
 */

/** An island's component; `islandName` is `scope:name`, the scope naming the bundle that provides it. */
export type IslandComponent<P extends object> = ((props: P) => ReactElement) & { islandName: string; Component: ComponentType<P> };

/** What a bundle provides: island name → the component the browser hydrates it with. */
export type IslandRegistry = Record<string, ComponentType<object>>;

/**
 * What a bundle provides for `script` islands: island name → the plain script run on the island's
 * element, which may return how to stop it (its timers and listeners) for when the app takes over.
 */
export type IslandScripts = Record<string, (element: HTMLElement, props: object) => (() => void) | void>;

/**
 * Wraps `Component` as the island `name`: rendered anywhere (server or browser) it is the
 * component inside a <coinmag-island> (display: contents) carrying its name, its props as JSON
 * and when it hydrates (which may depend on the props). The props must be JSON (no functions, no elements): they are all the
 * browser gets.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>, hydrate: IslandHydration | ((props: P) => IslandHydration) = 'load'): IslandComponent<P> {
  const hydrationOf = typeof hydrate === 'function' ? hydrate : () => hydrate;
  const Island = (props: P): ReactElement =>
    createElement(
      ISLAND_TAG,
      { [ISLAND_NAME_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props), [ISLAND_HYDRATE_ATTRIBUTE]: hydrationOf(props) === 'load' ? undefined : hydrationOf(props) },
      createElement(Component, props),
    );
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { islandName: name, Component });
}

/** The registry of a bundle's islands, keyed by their names. */
export function islandRegistry(islands: { islandName: string; Component: unknown }[]): IslandRegistry {
  return Object.fromEntries(islands.map((entry) => [entry.islandName, entry.Component as ComponentType<object>]));
}
