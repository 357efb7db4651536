/**
 * How an island is written into the page (island.ts writes it, the shell's bootstrap reads it);
 * nothing here imports React, so the bootstrap can read the page before React is loaded.
 */
export const ISLAND_TAG = 'coinmag-island';
export const ISLAND_NAME_ATTRIBUTE = 'data-island';
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';
export const ISLAND_HYDRATE_ATTRIBUTE = 'data-island-hydrate';

/**
 * When a server-rendered page hydrates an island:
 * - `load`: at once (it acts on its own: the carousel's timer, ad code);
 * - `interaction`: when the reader first reaches for it (pointer over it, a touch, focus), its first
 *   click replayed once it is hydrated; React is not loaded until then;
 * - `script`: never; its scope's plain script runs at once instead (the view beacon), and the
 *   component renders only in the whole app.
 */
export type IslandHydration = 'load' | 'interaction' | 'script';

/** The scope of an island name (`public:carousel` → `public`): the bundle that provides it. */
export function islandScope(name: string): string {
  const colon = name.indexOf(':');
  return colon > 0 ? name.slice(0, colon) : '';
}
