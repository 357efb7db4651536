import { useLocation } from 'react-router-dom';
import { EmptyState } from '../components/EmptyState';
import type { Settings } from '@coinmag/contracts';
import { usePageMeta, type PageMeta } from '../meta/use-page-meta';
import { useSite } from '../site-context';
import styles from './page.module.css';

/** The not-found page's head, on the server and in the browser. */
export function notFoundMeta(pathname: string, settings: Settings): PageMeta {
  return { title: '找不到頁面', description: settings.site_description, path: pathname, noIndex: true };
}

export function NotFoundPage() {
  const { settings } = useSite();
  const { pathname } = useLocation();
  usePageMeta(notFoundMeta(pathname, settings));
  return (
    <div className={styles.page}>
      <EmptyState title="找不到頁面" note="您要找的頁面不存在或已被移動" homeLink />
    </div>
  );
}
