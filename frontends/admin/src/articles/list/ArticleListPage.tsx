import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminArticleList } from '@coinmag/contracts';
import { formatLongDate } from '@coinmag/rules';
import styles from '../../admin.module.css';
import { articlesApi } from '../../api/admin-api';
import { asApiError, isAbort, readToken } from '../../api/http';
import { articleListFailure } from '../../api/save-errors';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../session/session-store';
import { toast } from '../../toasts/toast-store';
import { STATUS_LABELS, statusOf } from '../form/article-form';

type Row = AdminArticleList['articles'][number];

const STATUS_CLASS = { draft: styles.badgeDraft, published: styles.badgePublished, scheduled: styles.badgeScheduled } as const;
import { confirmDelete } from '../../components/confirm';

export function ArticleListPage() {
  const [articles, setArticles] = useState<Row[] | null>(null);
  const expire = useSession((state) => state.expire);
  const navigate = useNavigate();

  const load = useCallback(
    (signal?: AbortSignal) =>
      articlesApi.list(signal).then(
        (list) => setArticles(list.articles),
        (err: unknown) => {
          if (isAbort(err)) return;
          const error = asApiError(err, '讀取文章失敗');
          const failure = articleListFailure(error.status, Boolean(readToken()), error.serverError);
          if (failure.message) toast.error(failure.message);
          if (failure.action === 'login') {
            expire();
            navigate('/admin/login', { replace: true });
          } else setArticles([]);
        },
      ),
    [expire, navigate],
  );

  useEffect(() => {
    document.title = '文章列表 | 管理後台';
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const remove = async (article: Row) => {
    if (!confirmDelete()) return;
    try {
      await articlesApi.remove(article.id);
      toast.success('已刪除');
      setArticles((current) => current?.filter((row) => row.id !== article.id) ?? null);
    } catch (err) {
      const error = asApiError(err, '刪除失敗');
      toast.error(error.serverError ? `刪除失敗：${error.serverError}` : '刪除失敗');
    }
  };

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>文章列表</h1>
        <Link to="/admin/articles/new" className={styles.button}>新增文章</Link>
      </header>
      {!articles ? (
        <Spinner />
      ) : (
        <div className={`${styles.card} ${styles.tableWrap}`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">標題</th>
                <th scope="col">分類</th>
                <th scope="col">狀態</th>
                <th scope="col">發布日期</th>
                <th scope="col">瀏覽數</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {articles.length === 0 && (
                <tr>
                  <td colSpan={6} className={styles.empty}>暫無文章</td>
                </tr>
              )}
              {articles.map((article) => {
                const status = statusOf(article.status);
                return (
                  <tr key={article.id} data-article-id={article.id}>
                    <td>
                      {article.title}
                      {article.is_featured && <span className={`${styles.badge} ${styles.badgeFeatured}`}>精選</span>}
                    </td>
                    <td>{article.category_name ?? '未分類'}</td>
                    <td><span className={`${styles.badge} ${STATUS_CLASS[status]}`}>{STATUS_LABELS[status]}</span></td>
                    <td className={styles.nowrap}>{formatLongDate(article.published_at) || '—'}</td>
                    <td className={styles.nowrap}>{article.view_count.toLocaleString('zh-TW')}</td>
                    <td>
                      <div className={styles.rowActions}>
                        <a className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} href={`/article/${encodeURIComponent(article.slug)}`}
                          target="_blank" rel="noopener noreferrer" aria-label={`預覽「${article.title}」`}>預覽</a>
                        <Link className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} to={`/admin/articles/views/${article.id}`}
                          aria-label={`「${article.title}」的瀏覽趨勢`}>趨勢</Link>
                        <Link className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} to={`/admin/articles/edit/${article.id}`}
                          aria-label={`編輯「${article.title}」`}>編輯</Link>
                        <button type="button" className={`${styles.button} ${styles.buttonDanger} ${styles.buttonSmall}`} onClick={() => void remove(article)}
                          aria-label={`刪除「${article.title}」`}>刪除</button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
