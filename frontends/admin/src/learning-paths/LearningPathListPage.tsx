import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LearningPath } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { learningPathsApi } from '../api/learning-paths-api';
import { asApiError } from '../api/http';
import { Spinner } from '../components/Spinner';
import { confirmDelete } from '../components/confirm';
import { reportLoadError } from '../session/load-errors';
import { toast } from '../toasts/toast-store';

/** 學習路徑 (/admin/learning-paths): every path, its lessons, and the lessons readers cannot see. */
export function LearningPathListPage() {
  const [paths, setPaths] = useState<LearningPath[] | null>(null);

  useEffect(() => {
    document.title = '學習路徑 | 管理後台';
    learningPathsApi.list().then(setPaths, (err: unknown) => {
      reportLoadError(err, '載入資料失敗');
      setPaths([]);
    });
  }, []);

  const remove = async (path: LearningPath) => {
    if (!confirmDelete()) return;
    try {
      await learningPathsApi.remove(path.id);
      toast.success('已刪除');
      setPaths((current) => current?.filter((row) => row.id !== path.id) ?? null);
    } catch (err) {
      const error = asApiError(err, '刪除失敗');
      if (error.status === 401) reportLoadError(err, '刪除失敗');
      else toast.error(error.serverError ? `刪除失敗：${error.serverError}` : '刪除失敗');
    }
  };

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>學習路徑</h1>
        <Link to="/admin/learning-paths/new" className={styles.button}>新增學習路徑</Link>
      </header>
      {!paths ? (
        <Spinner />
      ) : (
        <div className={`${styles.card} ${styles.tableWrap}`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">名稱</th>
                <th scope="col">程度</th>
                <th scope="col">課程</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {paths.length === 0 && (
                <tr>
                  <td colSpan={4} className={styles.empty}>暫無學習路徑</td>
                </tr>
              )}
              {paths.map((path) => {
                const hidden = path.lessons.filter((lesson) => !lesson.is_public).length;
                return (
                  <tr key={path.id} data-path-id={path.id}>
                    <td>
                      <a href={`/learn/${encodeURIComponent(path.slug)}`} target="_blank" rel="noreferrer">{path.title}</a>
                    </td>
                    <td>{path.level}</td>
                    <td>
                      共 {path.lessons.length} 課
                      {hidden > 0 && <span className={`${styles.badge} ${styles.badgeInactive}`} style={{ marginLeft: 8 }}>{hidden} 課讀者看不到</span>}
                    </td>
                    <td>
                      <div className={styles.rowActions}>
                        <Link className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} to={`/admin/learning-paths/edit/${path.id}`} aria-label={`編輯「${path.title}」`}>編輯</Link>
                        <button type="button" className={`${styles.button} ${styles.buttonDanger} ${styles.buttonSmall}`} onClick={() => void remove(path)} aria-label={`刪除「${path.title}」`}>刪除</button>
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
