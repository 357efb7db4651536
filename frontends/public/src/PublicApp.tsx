import { useEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SiteContext, type PublicAppProps } from './site-context';
import { HomePage } from './pages/home/HomePage';
import { ArticlePage } from './pages/article/ArticlePage';
import { CategoryPage } from './pages/category/CategoryPage';
import { TagPage, UnknownTagPage } from './pages/tag/TagPage';
import { PreviewPage } from './pages/preview/PreviewPage';
import { SearchPage } from './pages/search/SearchPage';
import { AllArticlesPage } from './pages/articles/AllArticlesPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { LearnPage } from './pages/learn/LearnPage';
import { LearningPathPage } from './pages/learn/LearningPathPage';
import { GlossaryPage } from './pages/glossary/GlossaryPage';
import { GlossaryTermPage } from './pages/glossary/GlossaryTermPage';
import { CoinPage } from './pages/coins/CoinPage';
import { CoinsPage } from './pages/coins/CoinsPage';
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
        <Route index element={<HomePage />} />
        <Route path="article/:slug" element={<ArticlePage />} />
        <Route path="category/:slug" element={<CategoryPage />} />
        <Route path="tag/:tag" element={<TagPage />} />
        <Route path="preview/:token" element={<PreviewPage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="articles" element={<AllArticlesPage />} />
        <Route path="learn" element={<LearnPage />} />
        <Route path="learn/:slug" element={<LearningPathPage />} />
        <Route path="glossary" element={<GlossaryPage />} />
        <Route path="glossary/:slug" element={<GlossaryTermPage />} />
        <Route path="coins" element={<CoinsPage />} />
        <Route path="coin/:symbol" element={<CoinPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      )}
      </InitialDataContext.Provider>
    </SiteContext.Provider>
  );
}
