import { useEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SiteContext, type PublicAppProps } from './site-context';
import { UnknownTagPage } from './pages/tag/TagPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PAGES } from './routes/pages';
import { InitialDataContext } from './data/page-data';
import { namesNothing, pageRoute } from '@coinmag/rules';

function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // The first page keeps the scroll position the browser restored (and any #anchor).
    if (first.current) {
      first.current = false;
      return;
    }
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The public pages (docs/product.md §2 Public routes), rendered inside the shell's header and footer. */
export default function PublicApp(props: PublicAppProps) {
  const location = useLocation();
  const nothing = namesNothing(pageRoute(location.pathname));
  const initial = useRef(props.initialData ?? null);
  const firstLocation = useRef(location.key);
  // The server's data belongs to the first page only; after a navigation pages load their own.
  useEffect(() => {
    if (location.key !== firstLocation.current) initial.current = null;
  }, [location.key]);
  return (
    <SiteContext.Provider value={props}>
      <InitialDataContext.Provider value={initial}>
      <ScrollToTopOnNavigate />
      {nothing === 'page' ? (
        <NotFoundPage />
      ) : nothing === 'tag' ? (
        <UnknownTagPage />
      ) : (
      <Routes>
        {Object.values(PAGES).map(({ path, component: Page }) => (path ? <Route key={path} path={path} element={<Page />} /> : <Route key="index" index element={<Page />} />))}
      </Routes>
      )}
      </InitialDataContext.Provider>
    </SiteContext.Provider>
  );
}
