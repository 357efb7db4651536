import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styles from '../admin.module.css';
import { categoriesApi } from '../api/admin-api';
import { asApiError, readToken } from '../api/http';
import { SAVE_MESSAGES } from '../api/save-errors';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';
import { EMPTY_CATEGORY, categoryInput, validateCategory, valuesFromCategory, type CategoryErrors, type CategoryFormValues } from './category-form';

/** New category (/admin/categories/new) and edit (/admin/categories/edit/{id}). */
export function CategoryFormPage() {
  const { id: idParam } = useParams();
  const categoryId = idParam ? Number(idParam) : null;
  const navigate = useNavigate();
  const [values, setValues] = useState<CategoryFormValues | null>(categoryId ? null : EMPTY_CATEGORY);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<CategoryErrors>({});
  const [saving, setSaving] = useState(false);
  /** The version the form was loaded at; a save over a newer one is refused with 409. */
  const [version, setVersion] = useState<number | undefined>(undefined);

  useEffect(() => {
    document.title = `${categoryId ? '編輯分類' : '新增分類'} | 管理後台`;
    if (!categoryId) {
      setValues(EMPTY_CATEGORY);
      setMissing(false);
      return;
    }
    let live = true;
    setValues(null);
    categoriesApi.get(categoryId).then(
      (category) => {
        if (!live) return;
        setValues(valuesFromCategory(category));
        setVersion(category.version);
      },
      (err: unknown) => {
        if (!live) return;
        const error = asApiError(err, '載入資料失敗');
        if (error.status === 404) {
          toast.error('分類不存在');
          setMissing(true);
        } else reportLoadError(err, '載入資料失敗');
      },
    );
    return () => {
      live = false;
    };
  }, [categoryId]);

  const set = <K extends keyof CategoryFormValues>(key: K, value: CategoryFormValues[K]) => {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || saving) return;
    const problems = validateCategory(values);
    setErrors(problems);
    if (problems.name || problems.sortOrder) {
      toast.error((problems.name ?? problems.sortOrder)!);
      document.getElementById(problems.name ? 'category-name' : 'category-sort-order')?.focus();
      return;
    }
    if (!readToken()) {
      toast.error(SAVE_MESSAGES.notLoggedIn);
      return;
    }
    setSaving(true);
    try {
      if (categoryId) await categoriesApi.update(categoryId, { ...categoryInput(values), ...(version !== undefined ? { version } : {}) });
      else await categoriesApi.create(categoryInput(values));
      toast.success('分類已儲存');
      navigate('/admin/categories');
    } catch (err) {
      if (!reportSaveError(err, () => navigate('/admin/login', { replace: true }))) setSaving(false);
    }
  };

  if (missing) {
    return (
      <div className={styles.card}>
        <p role="alert">分類不存在</p>
        <Link to="/admin/categories">返回分類列表</Link>
      </div>
    );
  }
  if (!values) return <Spinner />;

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{categoryId ? '編輯分類' : '新增分類'}</h1>
      </header>
      <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate aria-label={categoryId ? '編輯分類' : '新增分類'}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="category-name">名稱</label>
          <input id="category-name" className={`${styles.input} ${errors.name ? styles.inputInvalid : ''}`} value={values.name} required
            aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'category-name-error' : undefined}
            onChange={(event) => set('name', event.target.value)} />
          {errors.name && <p id="category-name-error" className={styles.fieldError}>{errors.name}</p>}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="category-description">描述</label>
          <textarea id="category-description" className={`${styles.textarea} ${styles.textareaPlain}`} value={values.description}
            onChange={(event) => set('description', event.target.value)} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="category-sort-order">排序</label>
          <input id="category-sort-order" className={`${styles.input} ${errors.sortOrder ? styles.inputInvalid : ''}`} type="number" min={0} step={1} value={values.sortOrder}
            aria-invalid={errors.sortOrder ? true : undefined} aria-describedby="category-sort-order-hint"
            onChange={(event) => set('sortOrder', event.target.value)} />
          <p id="category-sort-order-hint" className={errors.sortOrder ? styles.fieldError : styles.hint}>{errors.sortOrder ?? '數字小的排在前面，最小為 0'}</p>
        </div>
        <label className={styles.check}>
          <input type="checkbox" className={styles.checkInput} checked={values.isActive} onChange={(event) => set('isActive', event.target.checked)} />
          啟用
        </label>
        <label className={styles.check}>
          <input type="checkbox" className={styles.checkInput} checked={values.showInHeader} onChange={(event) => set('showInHeader', event.target.checked)} />
          顯示在頁首導覽
        </label>
        <label className={styles.check}>
          <input type="checkbox" className={styles.checkInput} checked={values.showInFooter} onChange={(event) => set('showInFooter', event.target.checked)} />
          顯示在頁尾連結
        </label>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={saving} aria-busy={saving}>{saving ? '儲存中…' : '儲存'}</button>
          <Link to="/admin/categories" className={`${styles.button} ${styles.buttonSecondary}`}>取消</Link>
        </div>
      </form>
    </>
  );
}
