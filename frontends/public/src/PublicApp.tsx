import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SiteContext, type PublicAppProps } from './site-context';
import { HomePage } from './pages/home/HomePage';
import { ArticlePage } from './pages/article/ArticlePage';
import { CategoryPage } from './pages/category/CategoryPage';
import { SearchPage } from './pages/search/SearchPage';
import { AllArticlesPage } from './pages/articles/AllArticlesPage';
import { NotFoundPage } from './pages/NotFoundPage';

function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The public pages (SPEC §2 Public routes), rendered inside the shell's header and footer. */
export default function PublicApp(props: PublicAppProps) {
  return (
    <SiteContext.Provider value={props}>
      <ScrollToTopOnNavigate />
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="article/:slug" element={<ArticlePage />} />
        <Route path="category/:slug" element={<CategoryPage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="articles" element={<AllArticlesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </SiteContext.Provider>
  );
}
