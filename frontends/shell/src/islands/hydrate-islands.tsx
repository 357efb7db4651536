import { startTransition, useEffect, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ISLAND_NAME_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_TAG, islandScope, type IslandRegistry } from '../../../shared/src/islands/island';

/** Where each scope's islands come from (`shell` from this bundle, `public` from the public remote). */
export type RegistryLoaders = Record<string, () => Promise<IslandRegistry>>;

const roots: Root[] = [];

/** The islands under `container`, outermost only (an island inside another is hydrated with it). */
export function findIslands(container: ParentNode): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(ISLAND_TAG)).filter((element) => !element.parentElement?.closest(ISLAND_TAG));
}

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

function propsOf(element: HTMLElement): object | null {
  try {
    const props: unknown = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}');
    return props && typeof props === 'object' ? props : null;
  } catch {
    return null;
  }
}

/**
 * Hydrates each island under `container` as its own root, with the component its scope's registry
 * names; the rest of the server's HTML is never rendered again. Rejects, hydrating nothing, when a
 * scope's registry cannot load (the caller renders the whole app instead). `onHydrated` runs once
 * every island has committed.
 */
export async function hydrateIslands(container: ParentNode, loaders: RegistryLoaders, onHydrated: () => void): Promise<void> {
  const islands = findIslands(container);
  const scopes = [...new Set(islands.map((element) => islandScope(element.getAttribute(ISLAND_NAME_ATTRIBUTE) ?? '')))];
  const registries = new Map<string, IslandRegistry>(
    await Promise.all(
      scopes.map(async (scope) => {
        const load = loaders[scope];
        if (!load) throw new Error(`no islands are provided for the scope "${scope}"`);
        return [scope, await load()] as const;
      }),
    ),
  );
  let waiting = islands.length;
  const committed = () => {
    waiting -= 1;
    if (waiting === 0) onHydrated();
  };
  if (waiting === 0) onHydrated();
  for (const element of islands) {
    const name = element.getAttribute(ISLAND_NAME_ATTRIBUTE) ?? '';
    const Component = registries.get(islandScope(name))?.[name] as ComponentType<object> | undefined;
    const props = propsOf(element);
    if (!Component || !props) {
      console.error(`[islands] cannot hydrate "${name}"`);
      committed();
      continue;
    }
    startTransition(() => {
      roots.push(
        hydrateRoot(
          element,
          <>
            <Component {...props} />
            <Committed onCommit={committed} />
          </>,
          { onRecoverableError: (err) => console.warn(`[islands] ${name} hydration recovered`, err) },
        ),
      );
    });
  }
}

/** Unmounts every island root (their timers and listeners stop) before the whole app takes the page. */
export function unmountIslands(): void {
  for (const root of roots.splice(0)) root.unmount();
}
