import type { ReactNode } from 'react';
import { Router, createPath, type Navigator, type To } from 'react-router-dom';

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The router context of an island root: links and hooks (useLocation, useNavigate) read the page's
 * own address, and a navigation is handed to `navigate` (the move to the whole app, take-over.ts)
 * instead of rendering anything inside the island.
 */
export function IslandRouter({ navigate, children }: { navigate: (href: string, replace: boolean) => void; children: ReactNode }) {
  const navigator: Navigator = {
    createHref: hrefOf,
    push: (to) => navigate(hrefOf(to), false),
    replace: (to) => navigate(hrefOf(to), true),
    go: (delta) => window.history.go(delta),
  };
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={navigator}>
      {children}
    </Router>
  );
}
