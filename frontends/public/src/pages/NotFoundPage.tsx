import { useLocation } from 'react-router-dom';
import { EmptyState } from '../components/EmptyState';
import { usePageMeta } from '../meta/use-page-meta';
import { useSite } from '../site-context';
import styles from './page.module.css';

export function NotFoundPage() {
  const { settings } = useSite();
  const { pathname } = useLocation();
  usePageMeta({ title: '找不到頁面', description: settings.site_description, path: pathname, noIndex: true });
  return (
    <div className={styles.page}>
      <EmptyState title="找不到頁面" note="您要找的頁面不存在或已被移動" homeLink />
    </div>
  );
}
