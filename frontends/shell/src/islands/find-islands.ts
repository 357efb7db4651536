import { ISLAND_HYDRATE_ATTRIBUTE, ISLAND_NAME_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_TAG, islandScope, type IslandHydration } from '@coinmag/frontend-shared/islands/island-markup';

/** An island of the server's HTML, as its wrapper says. */
export interface FoundIsland {
  element: HTMLElement;
  name: string;
  scope: string;
  /** null: the props written beside it are not JSON (the island is left as it is). */
  props: object | null;
  hydrate: IslandHydration;
}

function propsOf(element: HTMLElement): object | null {
  try {
    const props: unknown = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}');
    return props && typeof props === 'object' ? props : null;
  } catch {
    return null;
  }
}

const HYDRATIONS: readonly string[] = ['load', 'interaction', 'script'] satisfies IslandHydration[];

/** The islands under `container`, outermost only (an island inside another is hydrated with it). */
export function findIslands(container: ParentNode): FoundIsland[] {
  return Array.from(container.querySelectorAll<HTMLElement>(ISLAND_TAG))
    .filter((element) => !element.parentElement?.closest(ISLAND_TAG))
    .map((element) => {
      const name = element.getAttribute(ISLAND_NAME_ATTRIBUTE) ?? '';
      const hydrate = element.getAttribute(ISLAND_HYDRATE_ATTRIBUTE) ?? 'load';
      return { element, name, scope: islandScope(name), props: propsOf(element), hydrate: (HYDRATIONS.includes(hydrate) ? hydrate : 'load') as IslandHydration };
    });
}
