import { Suspense, lazy, useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { ArticleListPage } from './articles/list/ArticleListPage';
import { ArticleViewsPage } from './articles/views/ArticleViewsPage';
import { PreviewPage } from './preview/PreviewPage';
import { CategoryListPage } from './categories/CategoryListPage';
import { CategoryFormPage } from './categories/CategoryFormPage';
import { SettingsPage } from './settings/SettingsPage';
import { Spinner } from './components/Spinner';
import { Toasts } from './toasts/Toasts';
import { useSession } from './session/session-store';
import { AccountPage } from './account/AccountPage';
import { useSessionWatch } from './account/use-session-watch';
import { AuditLogPage } from './audit/AuditLogPage';
import { WordPressImportPage } from './wordpress/WordPressImportPage';
import { WebhooksPage } from './webhooks/WebhooksPage';
import { FlashPage } from './flash/FlashPage';
import { LearningPathListPage } from './learning-paths/LearningPathListPage';
import { LearningPathFormPage } from './learning-paths/LearningPathFormPage';
import { peekReturnPath } from './return-path';
import { MarketsSettingsPage } from './markets/MarketsSettingsPage';
import { GlossaryListPage } from './glossary/GlossaryListPage';
import { NumbersPage } from './numbers/NumbersPage';
import { RedirectsPage } from './redirects/RedirectsPage';

const GlossaryFormPage = lazy(() => import('./glossary/GlossaryFormPage').then((module) => ({ default: module.GlossaryFormPage })));
const glossaryForm = (
  <Suspense fallback={<Spinner />}>
    <GlossaryFormPage />
  </Suspense>
);

/** After signing in: back to the screen the session ended on, else the dashboard. */
function AfterLogin() {
  const [to] = useState(() => peekReturnPath() ?? '/admin/dashboard');
  return <Navigate to={to} replace />;
}

// The editor (Tiptap, ProseMirror) is most of the remote's weight: fetched only when the form opens.
const ArticleFormPage = lazy(() => import('./articles/form/ArticleFormPage').then((module) => ({ default: module.ArticleFormPage })));
const articleForm = (
  <Suspense fallback={<Spinner label="載入編輯器中…" />}>
    <ArticleFormPage />
  </Suspense>
);

/** The back office (docs/product.md §2 Admin routes), mounted by the shell under /admin/*. */
export default function AdminApp() {
  const status = useSession((state) => state.status);
  const verify = useSession((state) => state.verify);

  useEffect(() => {
    void verify();
  }, [verify]);
  useSessionWatch(status === 'authenticated');

  return (
    <>
      {status === 'checking' && <Spinner label="驗證登入中…" />}
      {status === 'anonymous' && (
        <Routes>
          <Route path="*" element={<LoginPage />} />
        </Routes>
      )}
      {status === 'authenticated' && (
        <Routes>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="login" element={<AfterLogin />} />
          <Route path="preview" element={<PreviewPage />} />
          <Route element={<AdminLayout />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="articles" element={<ArticleListPage />} />
            <Route path="articles/new" element={articleForm} />
            <Route path="articles/edit/:id" element={articleForm} />
            <Route path="articles/views/:id" element={<ArticleViewsPage />} />
            <Route path="categories" element={<CategoryListPage />} />
            <Route path="categories/new" element={<CategoryFormPage />} />
            <Route path="categories/edit/:id" element={<CategoryFormPage />} />
            <Route path="flash" element={<FlashPage />} />
            <Route path="learning-paths" element={<LearningPathListPage />} />
            <Route path="learning-paths/new" element={<LearningPathFormPage />} />
            <Route path="learning-paths/edit/:id" element={<LearningPathFormPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="glossary" element={<GlossaryListPage />} />
            <Route path="glossary/new" element={glossaryForm} />
            <Route path="glossary/edit/:id" element={glossaryForm} />
            <Route path="markets" element={<MarketsSettingsPage />} />
            <Route path="webhooks" element={<WebhooksPage />} />
            <Route path="numbers" element={<NumbersPage />} />
            <Route path="redirects" element={<RedirectsPage />} />
            <Route path="activity" element={<AuditLogPage />} />
            <Route path="import" element={<WordPressImportPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
          </Route>
        </Routes>
      )}
      <Toasts />
    </>
  );
}
