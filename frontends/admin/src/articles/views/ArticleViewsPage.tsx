import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import adminStyles from '../../admin.module.css';
import { ArticleViewsPanel } from './ArticleViewsPanel';

/** 文章瀏覽趨勢 (/admin/articles/views/{id}), opened from a row of the article list or the dashboard's top articles. */
export function ArticleViewsPage() {
  const { id } = useParams();
  const articleId = Number(id);
  useEffect(() => {
    document.title = '文章瀏覽趨勢 | 管理後台';
  }, []);
  return (
    <>
      <header className={adminStyles.pageHeader}>
        <h1 className={adminStyles.pageTitle}>文章瀏覽趨勢</h1>
        <div className={adminStyles.actions}>
          {Number.isInteger(articleId) && articleId > 0 && <Link to={`/admin/articles/edit/${articleId}`} className={`${adminStyles.button} ${adminStyles.buttonSecondary}`}>編輯文章</Link>}
          <Link to="/admin/articles" className={`${adminStyles.button} ${adminStyles.buttonSecondary}`}>回文章列表</Link>
        </div>
      </header>
      <section className={adminStyles.card}>
        {Number.isInteger(articleId) && articleId > 0 ? <ArticleViewsPanel articleId={articleId} /> : <p className={adminStyles.empty}>文章不存在</p>}
      </section>
    </>
  );
}
