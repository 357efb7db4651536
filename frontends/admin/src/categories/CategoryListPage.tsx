import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { categoriesApi } from '../api/admin-api';
import { asApiError } from '../api/http';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { toast } from '../toasts/toast-store';
import { toggledInput } from './category-form';
import { confirmDelete } from '../components/confirm';

export function CategoryListPage() {
  const [categories, setCategories] = useState<Category[] | null>(null);

  useEffect(() => {
    document.title = '分類列表 | 管理後台';
    categoriesApi.list().then(setCategories, (err: unknown) => {
      reportLoadError(err, '載入資料失敗');
      setCategories([]);
    });
  }, []);

  const replace = (updated: Category) => setCategories((current) => current?.map((row) => (row.id === updated.id ? { ...row, ...updated } : row)) ?? null);

  const toggle = async (category: Category) => {
    try {
      replace(await categoriesApi.update(category.id, toggledInput(category)));
      toast.success(category.is_active ? '已停用分類' : '已啟用分類');
    } catch (err) {
      const error = asApiError(err, '更新失敗');
      if (error.status === 401) reportLoadError(err, '更新失敗');
      else toast.error(error.serverError ? `更新失敗：${error.serverError}` : '更新失敗');
    }
  };

  const remove = async (category: Category) => {
    if (!confirmDelete()) return;
    try {
      await categoriesApi.remove(category.id);
      toast.success('已刪除');
      setCategories((current) => current?.filter((row) => row.id !== category.id) ?? null);
    } catch (err) {
      const error = asApiError(err, '刪除失敗');
      if (error.status === 401) reportLoadError(err, '刪除失敗');
      else toast.error(error.serverError ? `刪除失敗：${error.serverError}` : '刪除失敗');
    }
  };

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>分類列表</h1>
        <Link to="/admin/categories/new" className={styles.button}>新增分類</Link>
      </header>
      {!categories ? (
        <Spinner />
      ) : (
        <div className={`${styles.card} ${styles.tableWrap}`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">名稱</th>
                <th scope="col">描述</th>
                <th scope="col">狀態</th>
                <th scope="col">顯示位置</th>
                <th scope="col">排序</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {categories.length === 0 && (
                <tr>
                  <td colSpan={6} className={styles.empty}>暫無分類</td>
                </tr>
              )}
              {categories.map((category) => (
                <tr key={category.id} data-category-id={category.id}>
                  <td>{category.name}</td>
                  <td>{category.description || '—'}</td>
                  <td>
                    <span className={`${styles.badge} ${category.is_active ? styles.badgeActive : styles.badgeInactive}`}>{category.is_active ? '啟用' : '停用'}</span>
                  </td>
                  <td>
                    {category.show_in_header && <span className={`${styles.badge} ${styles.badgePlace}`}>Header</span>}
                    {category.show_in_footer && <span className={`${styles.badge} ${styles.badgePlace}`}>Footer</span>}
                    {!category.show_in_header && !category.show_in_footer && '—'}
                  </td>
                  <td>{category.sort_order}</td>
                  <td>
                    <div className={styles.rowActions}>
                      <button type="button" className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} onClick={() => void toggle(category)}
                        aria-label={`${category.is_active ? '停用' : '啟用'}「${category.name}」`}>
                        {category.is_active ? '停用' : '啟用'}
                      </button>
                      <Link className={`${styles.button} ${styles.buttonSecondary} ${styles.buttonSmall}`} to={`/admin/categories/edit/${category.id}`}
                        aria-label={`編輯「${category.name}」`}>編輯</Link>
                      <button type="button" className={`${styles.button} ${styles.buttonDanger} ${styles.buttonSmall}`} onClick={() => void remove(category)}
                        aria-label={`刪除「${category.name}」`}>刪除</button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
