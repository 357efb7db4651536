import { createElement, type ComponentType, type ReactElement } from 'react';

/**
 * Islands: the parts of a server-rendered public page a reader can touch (docs/architecture.md,
 * docs/adr/0011-islands.md). The server renders the whole page; the browser hydrates only each
 * island, as its own small React root, from the props written beside its HTML.
 */
export const ISLAND_TAG = 'coinmag-island';
export const ISLAND_NAME_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

/** An island's component; `islandName` is `scope:name`, the scope naming the bundle that provides it. */
export type IslandComponent<P extends object> = ((props: P) => ReactElement) & { islandName: string; Component: ComponentType<P> };

/** What a bundle provides: island name → the component the browser hydrates it with. */
export type IslandRegistry = Record<string, ComponentType<object>>;

/**
 * Wraps `Component` as the island `name`: rendered anywhere (server or browser) it is the
 * component inside a <coinmag-island> (display: contents) carrying its name and its props as
 * JSON. The props must be JSON (no functions, no elements): they are all the browser gets.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>): IslandComponent<P> {
  const Island = (props: P): ReactElement =>
    createElement(ISLAND_TAG, { [ISLAND_NAME_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }, createElement(Component, props));
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { islandName: name, Component });
}

/** The registry of a bundle's islands, keyed by their names. */
export function islandRegistry(islands: { islandName: string; Component: unknown }[]): IslandRegistry {
  return Object.fromEntries(islands.map((entry) => [entry.islandName, entry.Component as ComponentType<object>]));
}

/** The scope of an island name (`public:carousel` → `public`). */
export function islandScope(name: string): string {
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(0, colon) : '';
}
