// Loaded with React, the first time an island is hydrated (start-islands.ts).
import { startTransition, useEffect, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { rememberIslandRoot } from './island-roots';

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Hydrates `element` (an island's wrapper) as its own root with `Component` and the props the
 * server wrote; the rest of the page is never rendered again. Resolves once it has committed.
 * `urgent`: at once (a reader's click waits on it), else as a transition that yields to the browser.
 */
export function hydrateIsland(element: HTMLElement, name: string, Component: ComponentType<object>, props: object, urgent: boolean): Promise<void> {
  return new Promise((committed) => {
    const hydrate = () => {
      const root = hydrateRoot(
        element,
        <>
          <Component {...props} />
          <Committed onCommit={committed} />
        </>,
        { onRecoverableError: (err) => console.warn(`[islands] ${name} hydration recovered`, err) },
      );
      rememberIslandRoot(() => root.unmount());
    };
    if (urgent) flushSync(hydrate);
    else startTransition(hydrate);
  });
}
